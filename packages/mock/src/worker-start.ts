/** How to serve MSW's worker script, as the error of a missing one says it. */
export const WORKER_SCRIPT_FIX =
  "in Vite, add wsadminMockWorker() from '@wsadmin/mock/vite' to the config's plugins (with msw 3, msw's own plugin from 'msw/vite' does the same); elsewhere copy the script into the folder served at the page's root with `npx msw init <folder>`; or pass `start: { serviceWorker: { url } }` where it is served";

/**
 * The error to throw when MSW's `worker.start()` failed: when the worker script is not served at
 * `scriptUrl` (a dev server's HTML page instead, or a 404), one that says so and names the fix;
 * otherwise MSW's own.
 */
export async function explainWorkerStartFailure(error: unknown, scriptUrl: string): Promise<unknown> {
  const where = new URL(scriptUrl, globalThis.location?.href).href;
  let problem: string | undefined;
  try {
    const response = await fetch(where, { cache: 'no-store' });
    const type = (response.headers.get('content-type') ?? '').split(';')[0] ?? '';
    if (!response.ok) problem = `HTTP ${response.status}`;
    else if (!/javascript/.test(type))
      problem = `the server answered ${type || 'no content type'}, not JavaScript`;
  } catch (fetchError) {
    problem = `fetch failed: ${String(fetchError)}`;
  }
  if (problem === undefined) return error;
  return new Error(
    `wsadmin mock: MSW's worker script is not served at ${where} (${problem}): ${WORKER_SCRIPT_FIX}`,
    {
      cause: error,
    },
  );
}
