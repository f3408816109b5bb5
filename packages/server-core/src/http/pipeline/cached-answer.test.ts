import { operations } from '@wsadmin/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMemoryStorage } from '../../storage/memory';
import type { Storage } from '../../storage/storage';
import { cachedAnswer } from './cached-answer';

// The in-memory database has no change version of its own: the test gives it one, so answers are kept.
const URL = 'http://wsadmin.test/openapi/v1/workspaces/7/';
const NOW = Date.parse('2026-01-01T00:00:00Z');
let storage: Storage;
let version = 1;

beforeAll(async () => {
  storage = { ...(await openMemoryStorage()), reads: { quick: () => undefined, version: () => version } };
});
afterAll(() => storage.close());

const lookup = (authorization: string | undefined, url = URL, nowMs = NOW, keepable = true) =>
  cachedAnswer(storage, operations.getWorkspace, keepable, authorization, url, nowMs);

describe('cachedAnswer', () => {
  it('finds what was kept for the same key and request line, until its key expires', () => {
    const first = lookup('Bearer secret-a');
    expect(first.kept).toBeUndefined();
    first.slot?.keep({ text: '{"errcode":0}', keyId: 'key_a', expiresAt: NOW + 1000 });
    expect(lookup('Bearer secret-a').kept).toEqual({
      text: '{"errcode":0}',
      keyId: 'key_a',
      expiresAt: NOW + 1000,
    });
    expect(lookup('Bearer secret-a', URL, NOW + 1000).kept).toBeUndefined();
    expect(lookup('Bearer secret-a', URL, NOW + 1000).slot).toBeDefined();
  });

  it('keeps answers apart by key and by query', () => {
    lookup('Bearer secret-b').slot?.keep({ text: 'b', keyId: 'key_b', expiresAt: null });
    expect(lookup('Bearer secret-c').kept).toBeUndefined();
    expect(lookup('Bearer secret-b', `${URL}?n=1`).kept).toBeUndefined();
    expect(lookup('Bearer secret-b').secretHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('forgets every kept answer once the database changes', () => {
    lookup('Bearer secret-d').slot?.keep({ text: 'd', keyId: 'key_d', expiresAt: null });
    expect(lookup('Bearer secret-d').kept?.text).toBe('d');
    version += 1;
    expect(lookup('Bearer secret-d').kept).toBeUndefined();
  });

  it('looks nothing up, and hashes nothing, for an operation whose answers are never kept', () => {
    expect(lookup(undefined, URL, NOW, false)).toEqual({
      secretHash: undefined,
      slot: undefined,
      kept: undefined,
    });
  });

  it('refuses a request without a key with 401, as authentication would', () => {
    expect(() => lookup(undefined)).toThrow(expect.objectContaining({ errcode: 401 }));
  });
});
