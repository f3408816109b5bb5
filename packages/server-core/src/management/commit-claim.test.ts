import openapi from '@wsadmin/contract/openapi.json' with { type: 'json' };
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { sha256Hex } from '../auth/digest';
import { createKey } from '../auth/keys';
import { pbkdf2Passwords } from '../auth/pbkdf2-passwords';
import { canonicalJson } from '../canonical-json';
import { AdjustableClock } from '../clock';
import { openMemoryStorage } from '../storage/memory';
import type { Storage } from '../storage/storage';
import { RETENTION_MS } from './idempotency';

// A commit's Idempotency-Key claim over HTTP, on the app and the mock's storage: a claim lives as
// long as its request's transaction (decision 0033).

const BASE = 'http://wsadmin.test/openapi/v1';
const clock = new AdjustableClock();
let storage: Storage;
let secret: string;
let keyId: string;
let app: ReturnType<typeof createApp>;
/** Set to make the next write transaction fail after its work, as a connection lost before COMMIT. */
let failNextCommit = false;
const internalErrors: unknown[] = [];

beforeAll(async () => {
  storage = await openMemoryStorage({ now: () => clock.now() });
  ({ secret, id: keyId } = await createKey(storage.db, clock.now(), { name: 'claims' }));
  const failing: Storage = {
    ...storage,
    writeTransaction: (scope, work) =>
      storage.writeTransaction(scope, async (trx) => {
        const result = await work(trx);
        if (failNextCommit) {
          failNextCommit = false;
          throw new Error('connection lost before COMMIT');
        }
        return result;
      }),
  };
  app = createApp({
    storage: failing,
    clock,
    passwords: pbkdf2Passwords(1000),
    onError: (error) => internalErrors.push(error),
  });
});
afterAll(() => storage.close());

async function call(method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await app.request(`${BASE}${path}`, {
    method,
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { errcode: number; data: Record<string, unknown> };
  return { status: response.status, retryAfter: response.headers.get('retry-after'), ...envelope };
}

/** A new workspace and a previewed SOP create in it: the commit's path and body. */
async function previewed(name: string) {
  const workspace = await call('POST', '/workspaces/', { name });
  const path = `/workspaces/${workspace.data.id}/management/sops/`;
  const changes = { name, steps: ['one'] };
  const preview = await call('POST', `${path}preview/`, { action: 'create', changes });
  expect(preview.errcode).toBe(200);
  return {
    workspaceId: Number(workspace.data.id),
    path,
    body: { changes, planToken: preview.data.planToken },
  };
}

const countIn = async (table: 'idempotency_records' | 'operations', workspaceId: number) =>
  (
    await storage.db
      .selectFrom(table)
      .select('workspace_id')
      .where('workspace_id', '=', workspaceId)
      .execute()
  ).length;

describe("an Idempotency-Key's claim over HTTP", () => {
  it('gives concurrent commits with one key one effect and one answer, each a 200', async () => {
    const { workspaceId, path, body } = await previewed('concurrent');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', path, body, { 'idempotency-key': 'same-5' })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    for (const answer of answers) expect(answer.data).toEqual(answers[0]?.data);
    expect(await countIn('operations', workspaceId)).toBe(1);
    expect(await countIn('idempotency_records', workspaceId)).toBe(1);
  });

  it('leaves no row when the transaction fails before COMMIT, and the retry applies the change once', async () => {
    const { workspaceId, path, body } = await previewed('cut');
    failNextCommit = true;
    const cut = await call('POST', path, body, { 'idempotency-key': 'cut-1' });
    expect(cut.status).toBe(500);
    expect(internalErrors).toHaveLength(1);
    expect(await countIn('idempotency_records', workspaceId)).toBe(0);
    const retry = await call('POST', path, body, { 'idempotency-key': 'cut-1' });
    expect(retry.status).toBe(200);
    expect(await countIn('operations', workspaceId)).toBe(1);
    expect(await countIn('idempotency_records', workspaceId)).toBe(1);
  });

  it("answers an earlier version's fresh claim 409 request_in_progress with Retry-After: 1", async () => {
    const { workspaceId, path, body } = await previewed('legacy');
    const now = clock.now();
    await storage.db
      .insertInto('idempotency_records')
      .values({
        key_id: keyId,
        workspace_id: workspaceId,
        idempotency_key: 'legacy-1',
        request_hash: await sha256Hex(
          canonicalJson({ kind: 'sops', action: 'create', targetId: null, body }),
        ),
        state: 'running',
        response: null,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + RETENTION_MS).toISOString(),
      })
      .execute();
    const refused = await call('POST', path, body, { 'idempotency-key': 'legacy-1' });
    expect(refused).toMatchObject({ status: 409, retryAfter: '1', data: { reason: 'request_in_progress' } });
    expect(await countIn('operations', workspaceId)).toBe(0);
  });

  it('the document declares Retry-After on the 409 of every commit, and on no other 409', () => {
    type Operation = { headers?: unknown; parameters?: Array<{ in: string; name: string }> } & {
      responses: Record<string, { headers?: Record<string, unknown> }>;
    };
    const operations = Object.values(openapi.paths as Record<string, Record<string, Operation>>).flatMap(
      (methods) => Object.values(methods),
    );
    const with409 = operations.filter((op) => op.responses['409']);
    const keyed = (op: Operation) =>
      (op.parameters ?? []).some((p) => p.in === 'header' && p.name === 'Idempotency-Key');
    expect(with409.filter(keyed).length).toBeGreaterThan(0);
    for (const op of with409)
      expect(Object.keys(op.responses['409']?.headers ?? {}).includes('Retry-After')).toBe(keyed(op));
  });
});
