import {
  AdjustableClock,
  createApp,
  createKey,
  findKeyBySecret,
  type MemoryStorage,
  openMemoryStorage,
  pbkdf2Passwords,
  revokeKey,
} from '@wsadmin/server-core';
import { mockClient } from './client';
import { MOCK_KEY, type MockKey, type MockOptions } from './mock-options';
import { applySeed } from './seed';

interface State {
  storage: MemoryStorage;
  app: { fetch(request: Request): Response | Promise<Response> };
}

/**
 * What the mock holds: the app on in-memory SQLite with its keys and seed, and the clock. Opened on
 * first use, so creating a mock costs nothing until a request or `ready()`.
 */
export function createMockState(options: MockOptions) {
  const startMs = options.startAt === undefined ? undefined : new Date(options.startAt).getTime();
  if (startMs !== undefined && Number.isNaN(startMs))
    throw new TypeError('createMock: startAt is not a date');
  const clock = new AdjustableClock(startMs === undefined ? undefined : { now: () => new Date(startMs) });
  const passwords = pbkdf2Passwords(options.passwordIterations ?? 1000);
  const onError = options.onError ?? ((error) => console.error('[wsadmin mock] unexpected error', error));
  let state: Promise<State> | undefined;
  // The database right after keys and seed were applied: reset() reopens it from these bytes
  // (milliseconds) instead of migrating and seeding again.
  let seeded: Uint8Array | undefined;

  async function build(bytes?: Uint8Array): Promise<State> {
    const storage = await openMemoryStorage({
      now: () => clock.now(),
      // Bytes of this mock (its seed, a snapshot) are at the current schema: no migration check.
      ...(bytes ? { bytes, current: true } : {}),
      ...(options.sqlWasmUrl === undefined ? {} : { wasmUrl: options.sqlWasmUrl }),
    });
    const app = createApp({
      storage,
      clock,
      passwords,
      onError,
      ...(options.refreshDebounceSeconds === undefined
        ? {}
        : { refreshDebounceSeconds: options.refreshDebounceSeconds }),
    });
    if (bytes) return { storage, app };
    try {
      await createKey(storage.db, clock.now(), {
        name: 'mock',
        description: 'MOCK_KEY: every permission, every workspace',
        secret: MOCK_KEY,
      });
      for (const key of options.keys ?? []) {
        await createKey(storage.db, clock.now(), { ...key, name: key.name ?? 'mock key' });
      }
      if (options.seed) {
        await applySeed(
          options.seed,
          mockClient(async (request) => app.fetch(request), MOCK_KEY),
        );
      }
      seeded = await storage.exportBytes();
    } catch (error) {
      await storage.close();
      throw new Error(`wsadmin mock: seeding failed: ${(error as Error).message}`, { cause: error });
    }
    return { storage, app };
  }

  const current = () => {
    state ??= build();
    return state;
  };

  async function replace(next: Promise<State>): Promise<void> {
    const previous = state;
    state = next;
    await previous?.then((old) => old.storage.close()).catch(() => undefined);
    await next;
  }

  async function withStorage<T>(use: (storage: MemoryStorage) => Promise<T>): Promise<T> {
    return use((await current()).storage);
  }

  return {
    clock,
    /** The app's answer; a failed start (seeding) is answered as a 500 envelope naming the cause. */
    async appFetch(request: Request): Promise<Response> {
      let app: State['app'];
      try {
        ({ app } = await current());
      } catch (error) {
        return Response.json(
          { errcode: 500, errmsg: (error as Error).message, data: { reason: 'internal' } },
          { status: 500 },
        );
      }
      return app.fetch(request);
    },
    async ready(): Promise<void> {
      await current();
    },
    /** Back to the seeded database and the start time. */
    async reset(): Promise<void> {
      clock.reset();
      await replace(build(seeded));
    },
    snapshot: () => withStorage(async (storage) => ({ bytes: await storage.exportBytes() })),
    async restore(snapshot: { readonly bytes: Uint8Array }): Promise<void> {
      await replace(build(snapshot.bytes));
    },
    createKey: (key: Partial<MockKey> = {}) =>
      withStorage(async (storage) => {
        const created = await createKey(storage.db, clock.now(), { ...key, name: key.name ?? 'mock key' });
        return created.secret;
      }),
    revokeKey: (secret: string) =>
      withStorage(async (storage) => {
        const key = await findKeyBySecret(storage.db, secret);
        if (!key) throw new Error('mock.revokeKey: no key has this secret');
        await revokeKey(storage.db, key.id, clock.now());
      }),
    storage: () => withStorage(async (storage) => storage),
    async close(): Promise<void> {
      const previous = state;
      state = undefined;
      await previous?.then((old) => old.storage.close()).catch(() => undefined);
    },
  };
}

export type MockState = ReturnType<typeof createMockState>;
