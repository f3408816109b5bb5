import type { http } from 'msw';

/** MSW's `http` namespace (the same in msw 2 and 3). */
export type MswHttp = typeof http;

/** Where the installed msw has `http` without its other APIs: msw 2, then msw 3. */
export const HTTP_ENTRIES = ['msw/core/http', 'msw/http'] as const;

/** The error when no msw the mock supports is installed. */
export function mswMissing(cause: unknown): Error {
  return new Error(
    `@wsadmin/mock needs msw 2.15 or newer, or msw 3 (a peer dependency): npm install -D msw (${String(cause)})`,
    { cause },
  );
}
