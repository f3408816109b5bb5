import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { openMemoryStorage } from '../storage/memory';
import type { Storage } from '../storage/storage';
import {
  ABANDONED_CLAIM_MS,
  beginIdempotent,
  completeIdempotent,
  type IdempotencyScope,
} from './idempotency';

let storage: Storage;
beforeAll(async () => {
  storage = await openMemoryStorage();
});
afterAll(() => storage.close());

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
    () => 'claimed',
    (error: unknown) => (error instanceof ApiError ? `${error.errcode} ${error.reason}` : String(error)),
  );

describe('a claim whose request died (process killed or database lost before its transaction ended)', () => {
  it('answers 409 request_in_progress while the request may still be running', async () => {
    expect(await beginIdempotent(storage.db, scope('k1'), t0)).toEqual({ started: true });
    expect(await reasonOf(beginIdempotent(storage.db, scope('k1'), later(ABANDONED_CLAIM_MS - 1)))).toBe(
      '409 request_in_progress',
    );
  });

  it('frees the key after ABANDONED_CLAIM_MS, so the retry runs the request', async () => {
    expect(await beginIdempotent(storage.db, scope('k1'), later(ABANDONED_CLAIM_MS))).toEqual({
      started: true,
    });
  });

  it('still refuses the key for a different request (422)', async () => {
    await beginIdempotent(storage.db, scope('k2'), t0);
    expect(
      await reasonOf(beginIdempotent(storage.db, scope('k2', 'hash-b'), later(2 * ABANDONED_CLAIM_MS))),
    ).toBe('422 idempotency_key_reused');
  });

  it('never frees a finished key: it replays the stored answer', async () => {
    await beginIdempotent(storage.db, scope('k3'), t0);
    await completeIdempotent(storage.db, scope('k3'), { operationId: 'op_1' });
    expect(await beginIdempotent(storage.db, scope('k3'), later(2 * ABANDONED_CLAIM_MS))).toEqual({
      replay: { operationId: 'op_1' },
    });
  });
});
