import { operationEntries } from '@wsadmin/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createKey } from '../auth/keys';
import { pbkdf2Passwords } from '../auth/pbkdf2-passwords';
import { AdjustableClock } from '../clock';
import { openMemoryStorage } from '../storage/memory';
import type { Storage } from '../storage/storage';
import { matchOperation } from './match-operation';

// Every literal path of the contract (a static segment where another path has a parameter:
// `/workspaces/create-workspaces/` beside `/workspaces/{workspaceId}/`) refuses every method it does
// not define with 405 and its own Allow, never reaching the id path. Derived from the contract.
const BASE = 'http://wsadmin.test';
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const templateOf = (path: string) => new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`);

const methodsByPath = new Map<string, Set<string>>();
for (const [, op] of operationEntries) {
  const methods = methodsByPath.get(op.path) ?? new Set<string>();
  methods.add(op.method.toUpperCase());
  methodsByPath.set(op.path, methods);
}
const paths = [...methodsByPath.keys()];
const literal = paths.filter((path) =>
  paths.some((other) => other !== path && other.includes('{') && templateOf(other).test(path)),
);

function allowOf(path: string, cors: boolean): string {
  const own = new Set(methodsByPath.get(path));
  if (own.has('GET')) own.add('HEAD');
  if (cors) own.add('OPTIONS');
  return METHODS.filter((method) => own.has(method)).join(', ');
}

const cases = literal.flatMap((path) => {
  const allow = allowOf(path, false);
  return METHODS.filter((method) => !allow.split(', ').includes(method)).map(
    (method) => [method, path, allow] as const,
  );
});
// Path values where the literal path itself has parameters.
const concrete = (path: string) => `${BASE}${path.replace(/\{\w+\}/g, '7')}`;

const clock = new AdjustableClock();
let storage: Storage;
let secret: string;
let app: ReturnType<typeof createApp>;
let corsApp: ReturnType<typeof createApp>;

beforeAll(async () => {
  storage = await openMemoryStorage({ now: () => clock.now() });
  secret = (await createKey(storage.db, clock.now(), { name: 'literal' })).secret;
  app = createApp({ storage, clock, passwords: pbkdf2Passwords(1000) });
  corsApp = createApp({ storage, clock, passwords: pbkdf2Passwords(1000), corsOrigins: '*' });
});
afterAll(() => storage.close());

describe('literal paths', () => {
  it('exist in the contract (the cases below are not empty)', () => {
    expect(literal).toContain('/openapi/v1/workspaces/create-workspaces/');
    expect(literal).toContain('/openapi/v1/accounts/create-accounts/');
    expect(cases.length).toBeGreaterThan(literal.length);
  });

  it.each(cases)('%s %s answers 405 with Allow: %s, before any id path', async (method, path, allow) => {
    const answer = await app.request(concrete(path), {
      method,
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      ...(method === 'GET' || method === 'HEAD' ? {} : { body: '{}' }),
    });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe(allow);
    if (method === 'HEAD') return;
    expect(await answer.json()).toMatchObject({ errcode: 405, data: { reason: 'method_not_allowed' } });
    // The mock finds operations with the same matcher: no override of the id path applies here.
    expect(matchOperation(method, concrete(path).slice(BASE.length))).toBeUndefined();
  });

  it.each(literal)('%s lists OPTIONS in Allow when CORS is on', async (path) => {
    const refused = cases.find(([method, at]) => at === path && method !== 'OPTIONS' && method !== 'HEAD');
    if (!refused) return;
    const answer = await corsApp.request(concrete(path), {
      method: refused[0],
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe(allowOf(path, true));
  });

  it('still answers the id path for an id that is no literal segment', async () => {
    const answer = await app.request(`${BASE}/openapi/v1/workspaces/987654/`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(answer.status).toBe(404);
    expect(matchOperation('GET', '/openapi/v1/workspaces/987654/')?.operationId).toBe('getWorkspace');
  });
});
