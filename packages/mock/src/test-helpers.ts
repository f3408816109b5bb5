import { MOCK_KEY } from './create-mock';

export interface Sent {
  status: number;
  body: { errcode: number; errmsg: string; data?: unknown };
}

/** Sends a request through the global fetch (which MSW intercepts) and reads the envelope. */
export async function send(
  url: string,
  init: { method?: string; body?: unknown; key?: string | null; headers?: Record<string, string> } = {},
): Promise<Sent> {
  const headers = new Headers(init.headers);
  const key = init.key === undefined ? MOCK_KEY : init.key;
  if (key !== null) headers.set('authorization', `Bearer ${key}`);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: (await response.json()) as Sent['body'] };
}
