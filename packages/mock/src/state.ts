import { errorEnvelope } from '@wsadmin/contract';
import {
  assertWasmLocatable,
  createApp,
  createKey,
  findKeyBySecret,
  type MemoryStorage,
  openMemoryStorage,
  pbkdf2Passwords,
  type RowChangeCapture,
  revokeKey,
  type Storage,
  type StoredRowChange,
} from '@wsadmin/server-core';
import { mockClient } from './client';
import { MOCK_KEY, type MockKey, type MockOptions } from './options';
import { applySeed } from './seed';
import { MockClockState } from './snapshot/mock-clock';
import {
  MockSnapshotError,
  type ReadSnapshot,
  readSnapshot,
  SCHEMA_VERSION,
  snapshotOf,
} from './snapshot/snapshot-format';

/** The options of `createMock` that locate sql.js's WebAssembly, as errors name them. */
const WASM_OPTION_NAMES = { wasm: 'createMock({ sqlWasm })', wasmUrl: 'createMock({ sqlWasmUrl })' };

/**
 * What the mock holds: the app on in-memory SQLite with its keys and seed, and the clock. Opened on
 * first use, so creating a mock costs nothing until a request or `ready()`.
 */
export function createMockState(options: MockOptions) {
  // In a Worker without a page URL the mock cannot start without sqlWasm: say so now, not as a 500.
  assertWasmLocatable({ wasm: options.sqlWasm, wasmUrl: options.sqlWasmUrl }, WASM_OPTION_NAMES);
  const startMs = options.startAt === undefined ? undefined : new Date(options.startAt).getTime();
  if (startMs !== undefined && Number.isNaN(startMs))
    throw new TypeError('createMock: startAt is not a date');
  const clock = new MockClockState({ frozenAtMs: startMs, offsetMs: 0 });
  const start = startingSnapshot(options);
  if (start) clock.startAt(start.clock);
  const passwords = pbkdf2Passwords(options.passwordIterations ?? 1000);
  const onError = options.onError ?? ((error) => console.error('[wsadmin mock] unexpected error', error));
  let state: Promise<MemoryStorage> | undefined;
  // The database right after keys and seed were applied (or the scenario's snapshot): reset()
  // reopens it from these bytes instead of seeding again.
  let seeded: Uint8Array | undefined = start?.bytes;
  // A snapshot's bytes come from outside: checked once when first opened.
  let checkSeeded = start !== undefined;
  // The storage the app works on. One app serves every database of this mock (building one, and
  // its router, cost more than reopening the database): it asks for the live storage at each
  // request. A reopened database is a new storage, with caches of its own.
  let live: MemoryStorage | undefined;
  // What the live database's requests write, for the journal (none when it is off). Installed at
  // the first request the journal records on a database, not when it opens: its triggers cost
  // about 2 ms to set up, which every reset() and restore() paid, used or not.
  let capture: { readonly on: MemoryStorage; readonly rows: RowChangeCapture } | undefined;
  const captureChanges = options.journal !== false;
  const liveStorage = (): Storage => {
    if (!live) throw new Error('wsadmin mock: the database is closed');
    return live;
  };
  let app: ReturnType<typeof createApp> | undefined;
  const appOf = () => {
    app ??= createApp({
      storage: liveStorage,
      clock,
      passwords,
      onError,
      ...(options.refreshDebounceSeconds === undefined
        ? {}
        : { refreshDebounceSeconds: options.refreshDebounceSeconds }),
    });
    return app;
  };

  /**
   * Opens `bytes` (or the empty database) and makes it the live one; bytes from a snapshot are
   * checked first (`checkedAs` names the call), and refused ones leave the live database as it was.
   */
  async function build(bytes?: Uint8Array, checkedAs?: string): Promise<MemoryStorage> {
    const opened = await openMemoryStorage({
      now: () => clock.now(),
      // Bytes of this mock (its seed, a snapshot of this schema version) need no migration check.
      ...(bytes ? { bytes, current: true } : {}),
      ...(options.sqlWasmUrl === undefined ? {} : { wasmUrl: options.sqlWasmUrl }),
      ...(options.sqlWasm === undefined ? {} : { wasm: options.sqlWasm }),
      wasmOptionNames: WASM_OPTION_NAMES,
    });
    if (checkedAs !== undefined) await refuseDamaged(opened, checkedAs);
    const previous = live;
    live = opened;
    capture = undefined;
    await previous?.close().catch(() => undefined);
    if (bytes) return opened;
    try {
      await createKey(opened.db, clock.now(), {
        name: 'mock',
        description: 'MOCK_KEY: every permission, every workspace',
        secret: MOCK_KEY,
      });
      for (const key of options.keys ?? []) {
        await createKey(opened.db, clock.now(), { ...key, name: key.name ?? 'mock key' });
      }
      if (options.seed) {
        const seedApp = appOf();
        await applySeed(
          options.seed,
          mockClient(async (request) => seedApp.fetch(request), MOCK_KEY),
        );
      }
      seeded = await opened.exportBytes();
    } catch (error) {
      if (live === opened) live = undefined;
      await opened.close();
      throw new Error(`wsadmin mock: seeding failed: ${(error as Error).message}`, { cause: error });
    }
    return opened;
  }

  /** The scenario's start: the seed applied anew, or the seeded (or snapshot's) bytes reopened. */
  async function buildStart(): Promise<MemoryStorage> {
    const opened = await build(seeded, checkSeeded ? 'createMock({ snapshot })' : undefined);
    checkSeeded = false;
    return opened;
  }

  const current = () => {
    state ??= buildStart();
    return state;
  };

  async function replace(next: () => Promise<MemoryStorage>): Promise<void> {
    // The previous open finishes first: it must not become live after the one replacing it.
    const previous = state;
    await previous?.catch(() => undefined);
    const attempt = next();
    state = attempt;
    try {
      await attempt;
    } catch (error) {
      // A refused snapshot leaves the mock as it was.
      if (state === attempt) state = previous;
      throw error;
    }
  }

  /** Sets up the journal's change capture on the live database, unless it is there already. */
  let preparing: { readonly on: MemoryStorage; readonly done: Promise<void> } | undefined;
  function prepareCapture(): Promise<void> {
    const on = live;
    if (!(captureChanges && on) || capture?.on === on) return Promise.resolve();
    // One set-up per database, however many ask at once (ready() and the first request).
    if (preparing?.on !== on)
      preparing = {
        on,
        done: on.captureRowChanges().then((rows) => {
          if (live === on) capture = { on, rows };
        }),
      };
    return preparing.done;
  }

  async function withStorage<T>(use: (storage: MemoryStorage) => Promise<T>): Promise<T> {
    return use(await current());
  }

  return {
    clock,
    /** Rows written to the live database, for the journal. */
    changes: {
      pending: () => captureChanges && (live === undefined || capture?.on !== live || capture.rows.pending),
      /** The rows written since the last take; on a database without the capture yet, installs it. */
      take: async (): Promise<StoredRowChange[]> => {
        // A mock not opened yet opens here: its first request's rows are captured too. One that
        // cannot open answers that request with the cause (appFetch), and has no rows.
        if (captureChanges && !live) await current().catch(() => undefined);
        if (!(captureChanges && live)) return [];
        // Rows written before the capture (the seed, mock.client, createKey) are no request's anyway.
        if (capture?.on !== live) return prepareCapture().then(() => []);
        return capture.rows.take();
      },
    },
    /** The app's answer; a failed start (seeding) is answered as a 500 envelope naming the cause. */
    async appFetch(request: Request): Promise<Response> {
      try {
        await current();
      } catch (error) {
        return Response.json(errorEnvelope(500, (error as Error).message, 'internal'), { status: 500 });
      }
      return appOf().fetch(request);
    },
    /** Open and seeded, and the journal's change capture set up (a page does it while its worker installs). */
    async ready(): Promise<void> {
      await current();
      await prepareCapture();
    },
    /** Back to the seeded database and the start time. */
    async reset(): Promise<void> {
      clock.reset();
      await replace(buildStart);
    },
    snapshot: () =>
      withStorage(async (storage) => snapshotOf(await storage.exportBytes(), clock.setting(), clock.now())),
    /** Replaces the state with a snapshot's; anything else is refused before the state changes. */
    async restore(snapshot: unknown): Promise<void> {
      const read = readSnapshot(snapshot, 'mock.restore');
      await replace(() => build(read.bytes, 'mock.restore'));
      clock.set(read.clock);
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
      await previous?.catch(() => undefined);
      const closing = live;
      live = undefined;
      capture = undefined;
      await closing?.close().catch(() => undefined);
    },
  };
}

export type MockState = ReturnType<typeof createMockState>;

/** The scenario's snapshot, checked where the mock is created; it excludes what it replaces. */
function startingSnapshot(options: MockOptions): ReadSnapshot | undefined {
  if (options.snapshot === undefined) return undefined;
  const clashing = (['seed', 'keys', 'startAt'] as const).filter((name) => options[name] !== undefined);
  if (clashing.length > 0)
    throw new MockSnapshotError(
      `createMock: a scenario with a snapshot takes no ${clashing.join(', ')}: the snapshot holds the data, the keys and the clock (restore it, then arrange more with mock.client)`,
    );
  return readSnapshot(options.snapshot, 'createMock({ snapshot })');
}

/** Refuses bytes SQLite finds damaged, or of another schema than their snapshot said; closes them. */
async function refuseDamaged(opened: MemoryStorage, where: string): Promise<void> {
  let problem: string | undefined;
  try {
    problem = await opened.damage();
    if (problem === undefined) {
      const version = await schemaVersionOf(opened);
      if (version !== SCHEMA_VERSION)
        problem = `the database inside is at schema version ${version}, this mock's at schema version ${SCHEMA_VERSION}`;
    }
  } catch (error) {
    problem = (error as Error).message;
  }
  if (problem === undefined) return;
  await opened.close().catch(() => undefined);
  throw new MockSnapshotError(`${where}: database: ${problem}`);
}

async function schemaVersionOf(storage: MemoryStorage): Promise<number> {
  const row = await storage.db
    .selectFrom('schema_migrations')
    .select((eb) => eb.fn.max('version').as('version'))
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}
