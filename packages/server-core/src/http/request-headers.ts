import type { Context } from 'hono';

/** What @hono/node-server passes as `c.env`: Node's own request, headers already parsed. */
interface NodeBindings {
  incoming?: { rawHeaders?: readonly string[] };
}

/**
 * A request header, as `c.req.header(name)` answers it (duplicates joined by ", "). Under
 * @hono/node-server it is read from Node's raw header list: the first `c.req.header` call builds a
 * Fetch Headers object of every header, validating each, which cost a request more than the lookup
 * of its key (npm run bench). Elsewhere (the mock, `app.request`) the Request's own headers.
 */
export function headerOf(c: Context, lowerCaseName: Lowercase<string>): string | undefined {
  const raw = (c.env as NodeBindings | undefined)?.incoming?.rawHeaders;
  if (!raw) return c.req.header(lowerCaseName);
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.length === lowerCaseName.length && name.toLowerCase() === lowerCaseName) {
      const found = raw[i + 1] as string;
      value = value === undefined ? found : `${value}, ${found}`;
    }
  }
  return value;
}
