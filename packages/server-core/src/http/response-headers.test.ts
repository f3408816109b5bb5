import openapi from '@wsadmin/contract/openapi.json' with { type: 'json' };
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createKey } from '../auth/keys';
import { pbkdf2Passwords } from '../auth/pbkdf2-passwords';
import { AdjustableClock } from '../clock';
import { tokenBucketLimiter } from '../rate-limit/token-bucket';
import { openMemoryStorage } from '../storage/memory';
import type { Storage } from '../storage/storage';

// The response headers of the committed document against what the server sends, both ways: every
// declared header arrives (rate limits on, as the RateLimit fields need), and every header of this
// set that arrives is declared on that answer.
const WATCHED = ['x-request-id', 'retry-after', 'allow', 'ratelimit-policy', 'ratelimit'];
const BASE = 'http://wsadmin.test';

type Ref = { $ref?: string };
type Response = Ref & { headers?: Record<string, Ref> };
type Document = {
  paths: Record<string, Record<string, { responses: Record<string, Response> }>>;
  components: { responses: Record<string, Response>; headers: Record<string, unknown> };
};
const document = openapi as unknown as Document;

/**
 * The header names the document declares on `method path` answering `status`, lowercase. A 405 is
 * the path's answer to a method it lacks: each operation of the path declares it.
 */
function declared(method: string, path: string, status: number): string[] {
  const operations = Object.values(document.paths[path] ?? {});
  let response =
    status === 405
      ? operations[0]?.responses['405']
      : document.paths[path]?.[method.toLowerCase()]?.responses[String(status)];
  if (status === 405) for (const op of operations) expect(op.responses['405']).toEqual(response);
  if (response?.$ref) response = document.components.responses[response.$ref.split('/').at(-1) ?? ''];
  if (!response) throw new Error(`${method} ${path} declares no ${status}`);
  return Object.entries(response.headers ?? {}).map(([name, header]) => {
    // Every declared header is a component: one description per header.
    expect(header.$ref).toBe(`#/components/headers/${name}`);
    expect(document.components.headers[name]).toBeDefined();
    return name.toLowerCase();
  });
}

const clock = new AdjustableClock();
let storage: Storage;
let secret: string;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  storage = await openMemoryStorage({ now: () => clock.now() });
  secret = (await createKey(storage.db, clock.now(), { name: 'headers' })).secret;
  app = createApp({
    storage,
    clock,
    passwords: pbkdf2Passwords(1000),
    rateLimiter: tokenBucketLimiter(
      { address: { capacity: 100, periodSeconds: 60 }, key: { capacity: 4, periodSeconds: 60 } },
      () => 0,
    ),
  });
});
afterAll(() => storage.close());

const API = '/openapi/v1';
const bearer = () => ({ authorization: `Bearer ${secret}` });

// In order: the key bucket holds 4, charged by the 200s, the 400 and the 404 (the 401 and the
// 405s meet the address bucket only), so the last one is refused.
const answers: [
  name: string,
  method: string,
  template: string,
  url: string,
  status: number,
  auth: boolean,
][] = [
  ['a success', 'GET', `${API}/scopes/`, `${API}/scopes/`, 200, true],
  ['an unknown key', 'GET', `${API}/scopes/`, `${API}/scopes/`, 401, false],
  ['invalid input', 'GET', `${API}/workspaces/{workspaceId}/`, `${API}/workspaces/x/`, 400, true],
  ['an unknown id', 'GET', `${API}/workspaces/{workspaceId}/`, `${API}/workspaces/987654/`, 404, true],
  ['a method the path lacks', 'PATCH', `${API}/workspaces/`, `${API}/workspaces/`, 405, true],
  [
    'a literal path',
    'PUT',
    `${API}/accounts/create-accounts/`,
    `${API}/accounts/create-accounts/`,
    405,
    true,
  ],
  ['the 4th request of the key', 'GET', `${API}/scopes/`, `${API}/scopes/`, 200, true],
  ['the 5th request of the key', 'GET', `${API}/scopes/`, `${API}/scopes/`, 429, true],
];

describe('response headers', () => {
  it('the document declares X-Request-Id, Retry-After, Allow and the RateLimit fields as components', () => {
    expect(Object.keys(document.components.headers).sort()).toEqual(
      ['Allow', 'RateLimit', 'RateLimit-Policy', 'Retry-After', 'X-Request-Id'].sort(),
    );
  });

  it.each(answers)('on %s: the declared headers arrive, and no undeclared one', async (...row) => {
    const [, method, template, url, status, auth] = row;
    const response = await app.request(`${BASE}${url}`, {
      method,
      headers: auth ? bearer() : { authorization: 'Bearer nope' },
    });
    expect(response.status).toBe(status);
    const expected = declared(method, template, status);
    const sent = WATCHED.filter((name) => response.headers.has(name));
    expect(sent.sort()).toEqual([...expected].sort());
  });

  it('sends the RateLimit fields in structured-field syntax, one item per bucket met', async () => {
    const response = await app.request(`${BASE}${API}/scopes/`, {
      headers: { authorization: 'Bearer nope' },
    });
    expect(response.headers.get('ratelimit-policy')).toMatch(/^"address";q=100;w=60$/);
    expect(response.headers.get('ratelimit')).toMatch(/^"address";r=\d+;t=\d+$/);
    const keyed = await app.request(`${BASE}${API}/scopes/`, { headers: bearer() });
    expect(keyed.headers.get('ratelimit-policy')).toBe('"address";q=100;w=60, "key";q=4;w=60');
    expect(keyed.headers.get('ratelimit')).toMatch(/^"address";r=\d+;t=\d+, "key";r=0;t=60$/);
  });

  it('sends no RateLimit fields when rate limits are off', async () => {
    const unlimited = createApp({ storage, clock, passwords: pbkdf2Passwords(1000) });
    const response = await unlimited.request(`${BASE}${API}/scopes/`, { headers: bearer() });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect(response.headers.has('ratelimit')).toBe(false);
    expect(response.headers.has('ratelimit-policy')).toBe(false);
  });
});
