import { describe, expect, it } from 'vitest';
import { createKey, findKeyBySecret } from '../auth/keys';
import { findWorkspace, insertWorkspace } from '../sql/workspaces';
import { openMemoryStorage } from './memory';
import { perStorage, type Storage } from './storage';
import { ownInTransaction, perTransaction } from './write-locks';

const now = new Date('2026-01-01T00:00:00Z');

/** sql.js storage with a change version that never moves: whatever is kept stays kept. */
async function keepingStorage(): Promise<Storage> {
  return { ...(await openMemoryStorage()), reads: { quick: () => undefined, version: () => 1 } };
}

describe('the storage port: what it keeps is its own', () => {
  it('gives each storage its own instance of per-storage state, made once', async () => {
    const counter = perStorage(() => ({ made: Symbol('instance') }));
    const [a, b] = await Promise.all([openMemoryStorage(), openMemoryStorage()]);
    try {
      expect(a.own(counter)).toBe(a.own(counter));
      expect(a.own(counter)).not.toBe(b.own(counter));
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('keeps rows per storage: a workspace kept by one is never the answer of another at the same version', async () => {
    const [a, b] = await Promise.all([keepingStorage(), keepingStorage()]);
    try {
      await insertWorkspace(a.db, { name: 'in a' }, now);
      await insertWorkspace(b.db, { name: 'in b' }, now);
      expect((await findWorkspace(a, 1))?.name).toBe('in a');
      expect((await findWorkspace(b, 1))?.name).toBe('in b');
      // Kept in a: written behind the version's back, a still answers the kept row, b its own.
      await a.db.updateTable('workspaces').set({ name: 'changed' }).execute();
      expect((await findWorkspace(a, 1))?.name).toBe('in a');
      expect((await findWorkspace(a.db, 1))?.name).toBe('changed');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('keeps key rows per storage: a key of one storage does not authenticate on another', async () => {
    const [a, b] = await Promise.all([keepingStorage(), keepingStorage()]);
    try {
      const { secret } = await createKey(a.db, now, { name: 'only in a' });
      expect(await findKeyBySecret(a, secret)).toBeDefined();
      expect(await findKeyBySecret(b, secret)).toBeUndefined();
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('never keeps what a transaction reads: it may see its own uncommitted writes', async () => {
    const storage = await keepingStorage();
    try {
      await storage
        .writeTransaction('unscoped', async (trx) => {
          await insertWorkspace(trx, { name: 'rolled back' }, now);
          expect((await findWorkspace(trx, 1))?.name).toBe('rolled back');
          throw new Error('roll back');
        })
        .catch(() => undefined);
      expect(await findWorkspace(storage, 1)).toBeUndefined();
    } finally {
      await storage.close();
    }
  });

  it('gives each write transaction its own state, and none outside one', async () => {
    const storage = await openMemoryStorage();
    try {
      const lists = perTransaction(() => ({ made: Symbol('transaction') }));
      expect(ownInTransaction(storage.db, lists)).toBeUndefined();
      const first = await storage.writeTransaction('unscoped', async (trx) => {
        const state = ownInTransaction(trx, lists);
        expect(ownInTransaction(trx, lists)).toBe(state);
        return state;
      });
      const second = await storage.writeTransaction('unscoped', async (trx) => ownInTransaction(trx, lists));
      expect(first).toBeDefined();
      expect(second).toBeDefined();
      expect(second).not.toBe(first);
      // A transaction opened on Kysely directly, not through the port, has no state.
      await storage.db.transaction().execute(async (trx) => {
        expect(ownInTransaction(trx, lists)).toBeUndefined();
      });
    } finally {
      await storage.close();
    }
  });

  it('lets a wrapper replace writeTransaction from outside and keep the same state', async () => {
    const storage = await keepingStorage();
    try {
      const scopes: unknown[] = [];
      const wrapped: Storage = {
        ...storage,
        writeTransaction: (scope, work) => {
          scopes.push(scope);
          return storage.writeTransaction(scope, work);
        },
      };
      const state = perStorage(() => ({}));
      expect(wrapped.own(state)).toBe(storage.own(state));
      await wrapped.writeTransaction({ workspaceIds: [3] }, async () => undefined);
      expect(scopes).toEqual([{ workspaceIds: [3] }]);
    } finally {
      await storage.close();
    }
  });
});
