/**
 * `--test-clock`: the target's `advanceClock` through the server's test clock route, as the reference
 * server serves it with WSADMIN_TEST_CLOCK=1: `POST /__test__/clock/ {"advanceSeconds": N}` answers
 * the envelope with `data.now`, the server's new time (N = 0 reads it).
 */
export function testClockAt(
  baseUrl: string,
  fetch: (request: Request) => Promise<Response> = (request) => globalThis.fetch(request),
): { url: string; advanceClock: (seconds: number) => Promise<Date> } {
  const url = `${baseUrl.replace(/\/+$/, '')}/__test__/clock/`;
  return {
    url,
    async advanceClock(seconds) {
      const response = await fetch(
        new Request(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ advanceSeconds: seconds }),
        }),
      );
      const body: unknown = await response.json().catch(() => undefined);
      const now = (body as { data?: { now?: unknown } } | undefined)?.data?.now;
      if (!response.ok || typeof now !== 'string' || Number.isNaN(Date.parse(now))) {
        throw new Error(`the test clock at ${url} answered ${response.status} without {"data":{"now"}}`);
      }
      return new Date(now);
    },
  };
}
