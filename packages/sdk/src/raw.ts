import { queryString } from '@wsadmin/contract/routes';
import type { Client } from 'openapi-fetch';
import type { paths } from './generated/openapi';
import type { Send } from './transport';

/** What the raw client is made of: the client's base URL, its headers (the key's included) and its transport. */
export interface RawTarget {
  baseUrl: string;
  headers: Readonly<Record<string, string>>;
  send: Send;
}

type LooseClient = Record<string, (...args: unknown[]) => unknown>;

/** openapi-fetch's client methods: the requests, then the middleware registration. */
const METHODS = [
  'request',
  'GET',
  'PUT',
  'POST',
  'DELETE',
  'OPTIONS',
  'HEAD',
  'PATCH',
  'TRACE',
  'use',
  'eject',
];

/**
 * openapi-fetch's `createClient`, loaded on first use. Its CommonJS build marks itself `__esModule`
 * with `exports.default`; imported from CommonJS output, the function may sit one `default` deeper.
 */
async function loadCreateClient(): Promise<(options: object) => LooseClient> {
  const imported: { default: unknown } = await import('openapi-fetch');
  const found = imported.default;
  return (typeof found === 'function' ? found : (found as { default: unknown }).default) as (
    options: object,
  ) => LooseClient;
}

/**
 * `client.raw`: the typed openapi-fetch client over the client's own transport (key, retries,
 * timeout), with the one query serialisation. openapi-fetch is imported on the first call of any
 * of its methods, so an app that never touches `raw` never loads it, and bundlers put it in a chunk
 * of its own (docs/decisions/0037-one-request-builder.md). Every method goes through the same
 * promise of the loaded client, so a `use` before a `GET` applies to it, as with openapi-fetch
 * itself (`use` and `eject` return that promise instead of nothing).
 */
export function lazyRawClient({ baseUrl, headers, send }: RawTarget): Client<paths> {
  let loading: Promise<LooseClient> | undefined;
  const loaded = () =>
    (loading ??= loadCreateClient().then((create) =>
      create({
        baseUrl,
        headers,
        querySerializer: queryString,
        // openapi-fetch reads the body itself: the text the transport read once is handed over in a
        // Response of its own (the raw client's one copy; the facade uses the text directly).
        fetch: async (request: Request) => {
          const { response, text } = await send(request);
          const { status, statusText } = response;
          return new Response(text || null, { status, statusText, headers: response.headers });
        },
      }),
    ));
  const raw: LooseClient = {};
  for (const name of METHODS)
    raw[name] = (...args: unknown[]) => loaded().then((client) => client[name]?.(...args));
  return raw as unknown as Client<paths>;
}
