import { describe, expect, it } from 'vitest';
import { openMemoryStorage } from './memory';
import { RowsWhileUnchanged } from './row-cache';
import type { Storage } from './storage';

/** A database whose change version the test sets, and a row source that counts its reads. */
async function setup(
  version: number | undefined,
  capacity?: number,
  keep?: (row: { name: string }) => boolean,
  budget?: { weight: (row: { name: string }) => number; max: number },
) {
  const state = { version, stored: { name: 'before' } as { name: string } | undefined, reads: 0 };
  const storage: Storage = {
    ...(await openMemoryStorage()),
    reads: { quick: () => undefined, version: () => state.version },
  };
  const rows = new RowsWhileUnchanged<{ name: string }>(capacity, keep, budget);
  const lookup = (key = 'k') =>
    rows.get(storage, key, async () => {
      state.reads++;
      return state.stored && { ...state.stored };
    });
  return { storage, state, lookup };
}

describe('RowsWhileUnchanged', () => {
  it.each([
    ['the version stays: the row is kept', { moveVersion: 0, want: { reads: 1, name: 'before' } }],
    [
      'the version moved (a commit anywhere): the row is read again',
      { moveVersion: 1, want: { reads: 2, name: 'after' } },
    ],
  ])('%s', async (_case, { moveVersion, want }) => {
    const { storage, state, lookup } = await setup(7);
    try {
      expect((await lookup())?.name).toBe('before');
      state.stored = { name: 'after' };
      state.version = 7 + moveVersion;
      expect((await lookup())?.name).toBe(want.name);
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

  it('does not keep misses: an unknown key is read each time', async () => {
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

  it('keeps rows per key, frozen, up to its capacity; past it, rows are read but not kept', async () => {
    const { storage, state, lookup } = await setup(1, 2);
    try {
      for (const key of ['a', 'b', 'c', 'a', 'b', 'c']) await lookup(key);
      // a and b kept; c (over capacity) read both times: a scan cannot push out the rows read first.
      expect(state.reads).toBe(4);
      expect(Object.isFrozen(await lookup('a'))).toBe(true);
    } finally {
      await storage.close();
    }
  });

  it('keeps only the rows its keep test accepts (e.g. not an answer of many megabytes)', async () => {
    const { storage, state, lookup } = await setup(1, 10, (row) => row.name.length <= 6);
    try {
      await lookup('short');
      await lookup('short');
      state.stored = { name: 'much too long' };
      await lookup('long');
      await lookup('long');
      expect(state.reads).toBe(3);
    } finally {
      await storage.close();
    }
  });

  it('keeps rows while their total weight stays within the budget; past it, rows are read but not kept', async () => {
    const budget = { weight: (row: { name: string }) => row.name.length, max: 10 };
    const { storage, state, lookup } = await setup(1, 10, undefined, budget);
    try {
      // Each row weighs 6 ("before"): two would make 12, so b is read each time and a stays kept.
      for (const key of ['a', 'b', 'b', 'a']) await lookup(key);
      expect(state.reads).toBe(3);
    } finally {
      await storage.close();
    }
  });

  it('gives a slot to read and keep by hand, and none without a version', async () => {
    const { storage, state } = await setup(1);
    try {
      const rows = new RowsWhileUnchanged<{ name: string }>();
      const first = rows.slot(storage, 'k');
      expect(first?.kept).toBeUndefined();
      first?.keep({ name: 'kept' });
      expect(rows.slot(storage, 'k')?.kept).toEqual({ name: 'kept' });
      state.version = 2;
      expect(rows.slot(storage, 'k')?.kept).toBeUndefined();
      state.version = undefined;
      expect(rows.slot(storage, 'k')).toBeUndefined();
    } finally {
      await storage.close();
    }
  });
});
