import { HTTP_ENTRIES, type MswHttp, mswMissing } from './msw-peer';

/**
 * MSW's `http`, from the msw the project installed (a peer dependency, 2.15 or 3). Not from `msw`
 * itself: msw 2's main entry also loads its GraphQL, WebSocket and SSE APIs and `graphql`, as many
 * module files as `msw/node`. The Node entries import this; the CommonJS build, which has no
 * top-level await, swaps in `msw-http.cjs.ts` (tsdown.config.ts).
 */
export const { http } = await loadHttp();

async function loadHttp(): Promise<{ http: MswHttp }> {
  const [msw2, msw3] = HTTP_ENTRIES;
  try {
    return (await import(/* @vite-ignore */ msw2)) as { http: MswHttp };
  } catch (error) {
    return (import(/* @vite-ignore */ msw3) as Promise<{ http: MswHttp }>).catch(() => {
      throw mswMissing(error);
    });
  }
}
