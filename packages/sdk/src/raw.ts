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

type Loose = (...args: unknown[]) => unknown;
type LooseClient = Record<string, Loose>;

const REQUEST_METHODS = ['request', 'GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'];

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
 * timeout). openapi-fetch is imported the first time a request method is called, so an app that
 * never touches `raw` never loads it, and bundlers put it in a chunk of its own (decision 0036).
 * `use` and `eject` before that are kept and replayed on the loaded client, in order.
 */
export function lazyRawClient({ baseUrl, headers, send }: RawTarget): Client<paths> {
  let loaded: LooseClient | undefined;
  let loading: Promise<LooseClient> | undefined;
  const pending: Array<(client: LooseClient) => void> = [];
  const load = () =>
    (loading ??= loadCreateClient().then((create) => {
      const client = create({
        baseUrl,
        headers,
        querySerializer: queryString,
        // openapi-fetch reads the body itself: the answer the transport read once is handed over as a
        // Response of that text (the raw client's one copy).
        fetch: async (request: Request) => {
          const { response, text } = await send(request);
          const { status, statusText } = response;
          return new Response(text || null, { status, statusText, headers: response.headers });
        },
      });
      for (const apply of pending.splice(0)) apply(client);
      loaded = client;
      return client;
    }));
  const raw: LooseClient = {};
  for (const method of REQUEST_METHODS)
    raw[method] = (...args) => load().then((client) => client[method]?.(...args));
  for (const method of ['use', 'eject'])
    raw[method] = (...middleware) => {
      const apply = (client: LooseClient) => client[method]?.(...middleware);
      if (loaded) apply(loaded);
      else pending.push(apply);
    };
  return raw as unknown as Client<paths>;
}
