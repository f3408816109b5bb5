import { type ClientOptions, createClient, type WsadminClient } from './client';

/** Test-only helpers (not exported from the package): an injected fetch that records requests. */

export const BASE_URL = 'http://wsadmin.test';
export const KEY = 'test-key';

export interface Recorded {
  method: string;
  url: URL;
  headers: Headers;
  /** Parsed JSON body, or undefined when the request had none. */
  body: unknown;
  signal: AbortSignal;
}

export type Handler = (request: Recorded, index: number) => Response | Promise<Response>;

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A success envelope; without `data` for envelope-only answers. */
export const ok = (...data: [unknown?]) =>
  json(
    data.length ? { errcode: 200, errmsg: 'success', data: data[0] } : { errcode: 200, errmsg: 'success' },
  );

/** An error envelope, by default with the HTTP status equal to `errcode`. */
export const fail = (
  errcode: number,
  reason: string,
  { status = errcode, errmsg = `failed: ${reason}`, headers = {}, issues = undefined as unknown } = {},
) => json({ errcode, errmsg, data: issues ? { reason, issues } : { reason } }, status, headers);

/** A fetch that answers with `handler` (or a queue of answers) and records every request. */
export function recorder(handler: Handler | Array<Response | (() => Response | Promise<Response>)>) {
  const requests: Recorded[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const text = await request.text();
    const recorded: Recorded = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
      signal: request.signal,
    };
    requests.push(recorded);
    const index = requests.length - 1;
    if (typeof handler === 'function') return handler(recorded, index);
    const answer = handler[index];
    if (answer === undefined)
      throw new Error(`unexpected request #${index}: ${request.method} ${request.url}`);
    return typeof answer === 'function' ? answer() : answer;
  };
  return { fetch, requests };
}

/** Records the delays the client sleeps, without waiting. */
export function sleeper() {
  const delays: number[] = [];
  const sleep = async (ms: number) => {
    delays.push(ms);
  };
  return { sleep, delays };
}

/** A client on an injected fetch, with instant sleeps and deterministic jitter. */
export function testClient(
  fetch: (request: Request) => Promise<Response>,
  options: Partial<ClientOptions> = {},
): WsadminClient & { delays: number[] } {
  const { sleep, delays } = sleeper();
  const client = createClient({
    baseUrl: BASE_URL,
    key: KEY,
    fetch,
    retries: { sleep, random: () => 0.5 },
    ...options,
  });
  return Object.assign(client, { delays });
}
