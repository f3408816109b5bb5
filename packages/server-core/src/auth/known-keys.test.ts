import { describe, expect, it } from 'vitest';
import { openMemoryStorage } from '../storage/memory';
import { enableQuickReads } from '../storage/quick-reads';
import type { AccessKeyTable } from '../storage/schema';
import { keysWritten, knownKeyRow } from './known-keys';

const row = (revokedAt: string | null): AccessKeyTable => ({
  id: 'key_1',
  name: 'k',
  description: '',
  secret_hash: 'h',
  auth_data_key: 'a',
  permissions: '[]',
  workspace_ids: null,
  expires_at: null,
  revoked_at: revokedAt,
  created_at: '2026-01-01T00:00:00.000Z',
});

/** A database whose change version the test sets, and a row source that counts its reads. */
async function setup(initialVersion: number | undefined) {
  const storage = await openMemoryStorage();
  const state = { version: initialVersion, stored: row(null) as AccessKeyTable | undefined, reads: 0 };
  enableQuickReads(
    storage.db,
    () => undefined,
    () => state.version,
  );
  const lookup = (hash = 'h') =>
    knownKeyRow(storage.db, hash, async () => {
      state.reads++;
      return state.stored;
    });
  return { storage, state, lookup };
}

describe('knownKeyRow', () => {
  it.each([
    ['nothing changed', { change: () => {}, want: { reads: 1, revoked: null } }],
    [
      'another process committed (the version moved)',
      {
        change: (s: { version: number | undefined }) => {
          s.version = (s.version ?? 0) + 1;
        },
        want: { reads: 2, revoked: 'now' },
      },
    ],
    ['this process wrote a key', { change: () => keysWritten(), want: { reads: 2, revoked: 'now' } }],
  ])('%s', async (_case, { change, want }) => {
    const { storage, state, lookup } = await setup(7);
    try {
      expect((await lookup())?.revoked_at).toBeNull();
      state.stored = row('now');
      change(state);
      expect((await lookup())?.revoked_at).toBe(want.revoked);
      expect(state.reads).toBe(want.reads);
    } finally {
      await storage.close();
    }
  });

  it('reads every time where there is no version (PostgreSQL, sql.js, inside a transaction)', async () => {
    const { storage, state, lookup } = await setup(undefined);
    try {
      for (let i = 0; i < 3; i++) await lookup();
      expect(state.reads).toBe(3);
    } finally {
      await storage.close();
    }
  });

  it('does not remember unknown secrets: each is read again', async () => {
    const { storage, state, lookup } = await setup(1);
    try {
      state.stored = undefined;
      expect(await lookup('unknown')).toBeUndefined();
      expect(await lookup('unknown')).toBeUndefined();
      expect(state.reads).toBe(2);
    } finally {
      await storage.close();
    }
  });

  it('keeps rows per hash: another key is read once, then both come from memory', async () => {
    const { storage, state, lookup } = await setup(1);
    try {
      await lookup('a');
      await lookup('b');
      await lookup('a');
      await lookup('b');
      expect(state.reads).toBe(2);
    } finally {
      await storage.close();
    }
  });
});
