import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeDurableObjectStorage } from '../../test/fake-durable-object';
import { ApiError, RetryLaterError } from '../errors';
import { openDurableObjectStorage } from '../storage/durable-object';
import { openMemoryStorage } from '../storage/memory';
import type { Storage } from '../storage/storage';
import {
  claimInTransaction,
  type IdempotencyScope,
  LEGACY_CLAIM_MS,
  RETENTION_MS,
  recordAnswer,
  storedAnswer,
} from './idempotency';

const SQL = await initSqlJs();
const t0 = new Date('2030-01-01T00:00:00Z');
const later = (ms: number) => new Date(t0.getTime() + ms);
const scope = (idempotencyKey: string, requestHash = 'hash-a'): IdempotencyScope => ({
  keyId: 'key_1',
  workspaceId: 1,
  idempotencyKey,
  requestHash,
});
const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    (value) => JSON.stringify(value),
    (error: unknown) => (error instanceof ApiError ? `${error.errcode} ${error.reason}` : String(error)),
  );

const opened: Storage[] = [];
afterAll(async () => {
  for (const storage of opened) await storage.close();
});

// The two SQLite storages whose transactions differ: Kysely's (sql.js, as the mock and the SQLite
// file) and a Durable Object's own. PostgreSQL runs the same code: packages/server's system tests.
const storages: Array<[string, () => Promise<Storage>]> = [
  ['in-memory sql.js', () => openMemoryStorage({ now: () => t0 })],
  [
    'Durable Object SQLite',
    () => {
      const database = new SQL.Database();
      database.run('PRAGMA foreign_keys = ON');
      return openDurableObjectStorage(fakeDurableObjectStorage(database), () => t0);
    },
  ],
];

describe.each(storages)('the Idempotency-Key claim on %s', (_name, open) => {
  let storage: Storage;
  const rows = async () =>
    storage.db.selectFrom('idempotency_records').select(['idempotency_key', 'state']).execute();
  /** A commit's transaction in miniature: claim, then store `answer` (or fail with `failure`). */
  const commit = (key: IdempotencyScope, answer: unknown, now = t0, failure?: Error) =>
    storage.writeTransaction({ workspaceIds: [key.workspaceId] }, async (trx) => {
      const claim = await claimInTransaction(trx, key, now);
      if ('replay' in claim) return claim.replay;
      if (failure) throw failure;
      await recordAnswer(trx, key, answer, now);
      return answer;
    });
  const insertLegacyClaim = (key: IdempotencyScope, createdAt: Date) =>
    storage.db
      .insertInto('idempotency_records')
      .values({
        key_id: key.keyId,
        workspace_id: key.workspaceId,
        idempotency_key: key.idempotencyKey,
        request_hash: key.requestHash,
        state: 'running',
        response: null,
        created_at: createdAt.toISOString(),
        expires_at: new Date(createdAt.getTime() + RETENTION_MS).toISOString(),
      })
      .execute();

  beforeAll(async () => {
    storage = await open();
    opened.push(storage);
  });

  it('writes nothing until the answer: a request that fails leaves no row, and its retry runs', async () => {
    const failed = commit(scope('fails'), { n: 1 }, t0, new Error('connection lost'));
    expect(await reasonOf(failed)).toBe('Error: connection lost');
    expect(await rows()).toEqual([]);
    expect(await commit(scope('fails'), { n: 2 })).toEqual({ n: 2 });
    expect(await rows()).toEqual([{ idempotency_key: 'fails', state: 'done' }]);
  });

  it('replays the stored answer, from a plain read and inside a transaction', async () => {
    expect(await storedAnswer(storage.db, scope('once'), t0)).toBeUndefined();
    await commit(scope('once'), { operationId: 'op-1' });
    expect(await storedAnswer(storage.db, scope('once'), later(1000))).toEqual({
      replay: { operationId: 'op-1' },
    });
    expect(await commit(scope('once'), { operationId: 'op-2' }, later(1000))).toEqual({
      operationId: 'op-1',
    });
  });

  it('refuses the key for a different request (422), read or claimed', async () => {
    expect(await reasonOf(storedAnswer(storage.db, scope('once', 'hash-b'), t0))).toBe(
      '422 idempotency_key_reused',
    );
    expect(await reasonOf(commit(scope('once', 'hash-b'), {}))).toBe('422 idempotency_key_reused');
  });

  it('serializes two requests with one key: the second replays the first one answer', async () => {
    const answers = await Promise.all([
      commit(scope('twice'), { first: true }),
      commit(scope('twice'), { first: false }),
    ]);
    expect(answers).toEqual([{ first: true }, { first: true }]);
  });

  it('treats the key as new past its retention', async () => {
    const past = later(RETENTION_MS);
    expect(await storedAnswer(storage.db, scope('once'), past)).toBeUndefined();
    expect(await commit(scope('once', 'hash-b'), { operationId: 'op-3' }, past)).toEqual({
      operationId: 'op-3',
    });
  });

  it("honours an earlier version's running claim for a minute, with Retry-After, then takes it over", async () => {
    await insertLegacyClaim(scope('legacy'), t0);
    const refused = await commit(scope('legacy'), {}, later(LEGACY_CLAIM_MS - 1)).catch((error) => error);
    expect(refused).toBeInstanceOf(RetryLaterError);
    expect(refused).toMatchObject({ errcode: 409, reason: 'request_in_progress', retryAfterSeconds: 1 });
    expect(await commit(scope('legacy'), { taken: true }, later(LEGACY_CLAIM_MS))).toEqual({ taken: true });
    expect((await rows()).filter((row) => row.idempotency_key === 'legacy')).toEqual([
      { idempotency_key: 'legacy', state: 'done' },
    ]);
  });

  it("rolls back when an earlier version's claim appeared after the claim (outside any lock)", async () => {
    const racing = scope('raced');
    const refused = storage.writeTransaction({ workspaceIds: [1] }, async (trx) => {
      await claimInTransaction(trx, racing, t0);
      // Written where an earlier version wrote it: its own statement, outside the transaction
      // (on the single SQLite connection, this transaction's connection stands in for it).
      await trx
        .insertInto('idempotency_records')
        .values({
          key_id: racing.keyId,
          workspace_id: racing.workspaceId,
          idempotency_key: racing.idempotencyKey,
          request_hash: racing.requestHash,
          state: 'running',
          response: null,
          created_at: t0.toISOString(),
          expires_at: later(RETENTION_MS).toISOString(),
        })
        .execute();
      await recordAnswer(trx, racing, { lost: true }, t0);
    });
    expect(await reasonOf(refused)).toBe('409 request_in_progress');
    expect((await rows()).filter((row) => row.idempotency_key === 'raced')).toEqual([]);
  });
});
