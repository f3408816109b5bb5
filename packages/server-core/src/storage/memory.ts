import { type SqliteDatabase, SqliteDialect, type SqliteStatement } from 'kysely';
import type { BindParams, Database as SqlJsDatabase, SqlJsStatic } from 'sql.js';
import { EMPTY_DATABASE } from './empty-database.generated';
import { migrations } from './migrations';
import { openStorage } from './open-storage';
import { captureRowChanges, type RowChangeCapture } from './row-changes';
import type { StatementTracing } from './statement-tracing';
import type { Storage } from './storage';

/** In-memory storage whose whole database can be taken out as SQLite file bytes. */
export interface MemoryStorage extends Storage {
  /** The database as SQLite file bytes, taken between transactions (the mock's snapshot()). */
  exportBytes(): Promise<Uint8Array>;
  /**
   * Records every row written from now on, until the storage closes (TEMP triggers, absent from
   * `exportBytes()`): the mock's request journal reads what each request changed.
   */
  captureRowChanges(): Promise<RowChangeCapture>;
  /**
   * SQLite's `quick_check` of the whole database: undefined when sound, else its first problems.
   * For bytes from outside (the mock's restore of a snapshot): sql.js opens any bytes and finds a
   * damaged page only when a query reads it.
   */
  damage(): Promise<string | undefined>;
}

export interface MemoryStorageOptions {
  now?: () => Date;
  /** SQLite file bytes (from `exportBytes()`): opens a copy of an earlier database instead of an empty one. */
  bytes?: Uint8Array;
  /**
   * The `bytes` come from `exportBytes()` of this same version, so the migration check is skipped
   * (the mock's reset and restore). Default false: older bytes are migrated on open.
   */
  current?: boolean;
  /**
   * Where sql.js's WebAssembly is fetched from. Needed in browsers (a bundler's asset URL of
   * `sql.js/dist/sql-wasm-browser.wasm`); in Node, sql.js reads `sql-wasm.wasm` next to itself.
   */
  wasmUrl?: string;
  /**
   * sql.js's WebAssembly itself (`sql.js/dist/sql-wasm-browser.wasm`): compiled, or its bytes.
   * Needed where there is neither a file system nor a page URL to find it from (Cloudflare Workers,
   * workerd: pass the module that `import wasm from '….wasm'` gives). Wins over `wasmUrl`.
   */
  wasm?: SqlWasm;
  /** How the caller names `wasm` and `wasmUrl` in its own options, for error messages (the mock: `sqlWasm`, `sqlWasmUrl`). */
  wasmOptionNames?: WasmOptionNames;
  /** A CLIENT span per statement (decision 0031); default none. */
  tracing?: StatementTracing | undefined;
}

export interface WasmOptionNames {
  wasm: string;
  wasmUrl: string;
}

/** sql.js's WebAssembly: a compiled module (the only form Workers accept), or the file's bytes. */
export type SqlWasm = WasmModule | ArrayBuffer | Uint8Array;

/**
 * `WebAssembly.Module`, looked up through `globalThis` so that these declarations also compile
 * without the DOM library, which declares it (there: any object).
 */
type WasmModule = typeof globalThis extends { WebAssembly: { Module: new (bytes: never) => infer M } }
  ? M
  : object;

/**
 * In-memory storage on sql.js (SQLite compiled to WebAssembly): the same SQL as the file
 * database, in any JavaScript runtime. The mock package and in-process tests use it.
 */
export async function openMemoryStorage(options: MemoryStorageOptions = {}): Promise<MemoryStorage> {
  const SQL = await sqlJs(options);
  const image = options.bytes ? { bytes: options.bytes, current: options.current ?? false } : emptyImage();
  return openSqlJs(SQL, image.bytes, {
    now: options.now,
    migrate: !image.current,
    tracing: options.tracing,
  });
}

/**
 * The migrations run on an empty sql.js database, as the image shipped in
 * `empty-database.generated.ts` holds it (`scripts/generate-empty-database.ts` writes it, a test
 * compares). The clock is fixed, so the bytes are the same on every run.
 */
export async function migratedEmptyDatabase(): Promise<Uint8Array> {
  const storage = await openSqlJs(await sqlJs({}), undefined, {
    now: () => new Date(0),
    migrate: true,
  });
  try {
    return await storage.exportBytes();
  } finally {
    await storage.close();
  }
}

async function openSqlJs(
  SQL: SqlJsStatic,
  bytes: Uint8Array | undefined,
  options: { now: (() => Date) | undefined; migrate: boolean; tracing?: StatementTracing | undefined },
): Promise<MemoryStorage> {
  const database = new SQL.Database(bytes);
  database.run('PRAGMA foreign_keys = ON');
  const adapter = new SqlJsAdapter(database);
  const storage = await openStorage({
    kysely: new SqliteDialect({ database: adapter }),
    dialect: 'sqlite',
    location: 'memory',
    now: options.now ?? (() => new Date()),
    migrate: options.migrate,
    tracing: options.tracing,
  });
  return {
    ...storage,
    // Kysely closes the database only if it ever connected; a copy that was opened and never
    // queried (the mock's reset skips the migration check) must still free its WebAssembly memory.
    close: async () => {
      await storage.close();
      adapter.close();
    },
    exportBytes: () =>
      // Holding Kysely's single connection keeps a running transaction out of the copy.
      storage.db.connection().execute(async () => {
        const bytes = database.export();
        // Older sql.js builds reopen the database on export, which resets pragmas.
        database.run('PRAGMA foreign_keys = ON');
        return bytes;
      }),
    captureRowChanges: () =>
      storage.db.connection().execute(async () => {
        const capture = captureRowChanges(database);
        return {
          get pending() {
            return capture.pending;
          },
          take: () => storage.db.connection().execute(async () => capture.take()),
        };
      }),
    damage: () =>
      storage.db.connection().execute(async () => {
        try {
          const found = (database.exec('PRAGMA quick_check(5)')[0]?.values ?? []).map((row) =>
            String(row[0]),
          );
          return found.length === 1 && found[0] === 'ok' ? undefined : found.join('; ');
        } catch (error) {
          return String((error as Error).message ?? error);
        }
      }),
  };
}

let image: { bytes: Uint8Array; current: boolean } | undefined;

/**
 * The empty database with every migration applied, opened instead of migrating (which took about
 * 100 ms of each new mock): decoded once per process from the shipped image (about a millisecond). Should a migration be
 * newer than the image (a stale generated file, which a test forbids), it still runs on open.
 */
function emptyImage(): { bytes: Uint8Array; current: boolean } {
  image ??= {
    bytes: imageBytes(),
    current: migrations.every((migration) => EMPTY_DATABASE.versions.includes(migration.version)),
  };
  return image;
}

/** The shipped image back to SQLite file bytes. */
function imageBytes(): Uint8Array {
  const bytes = new Uint8Array(EMPTY_DATABASE.size);
  for (const [offset, base64] of EMPTY_DATABASE.chunks) {
    bytes.set(
      Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)),
      offset,
    );
  }
  return bytes;
}

let loading: Promise<SqlJsStatic> | undefined;

/**
 * sql.js, loaded on the first open rather than on import: importing the core (and the mock) stays
 * cheap, and the WebAssembly is a file of its own (compiled while streaming, cached by browsers)
 * instead of a megabyte of base64 inside the JavaScript. `sql.js` resolves to its Node build in
 * Node and, through its `browser` export condition, to a build without Node built-ins in bundlers.
 * sql.js starts once per process (its `initSqlJs` hands every later call the first promise), so
 * the first open's `wasm` / `wasmUrl` is the one used; a failure before sql.js starts is retried.
 */
type WasmOptions = Pick<MemoryStorageOptions, 'wasm' | 'wasmUrl' | 'wasmOptionNames'>;

function sqlJs(options: WasmOptions): Promise<SqlJsStatic> {
  if (!loading) {
    const load = loadSqlJs(options);
    loading = load;
    load.catch(() => {
      if (loading === load) loading = undefined;
    });
  }
  return loading;
}

async function loadSqlJs(options: WasmOptions): Promise<SqlJsStatic> {
  assertWasmLocatable(options, options.wasmOptionNames);
  const { default: initSqlJs } = await import('sql.js').catch((cause: unknown) => {
    // An optional peer dependency: the Node server never opens this storage, so it does not install it.
    throw new Error(
      'in-memory storage needs the sql.js package, an optional peer dependency of @wsadmin/server-core: npm install sql.js@~1.16.0',
      { cause },
    );
  });
  // Outside Node (pages, Web Workers) the file is fetched here rather than by sql.js, whose
  // failure ("both async and sync fetching of the wasm failed") names neither the URL nor the option.
  const fetched =
    options.wasm === undefined && options.wasmUrl !== undefined && !isNodeLike()
      ? await fetchWasm(options.wasmUrl, options.wasmOptionNames?.wasmUrl ?? 'wasmUrl')
      : undefined;
  const wasm = options.wasm ?? fetched;
  if (wasm !== undefined) {
    // Compiled here, before sql.js starts: bytes a runtime refuses to compile (Workers allow only
    // modules) fail with the runtime's reason instead of leaving sql.js's start pending.
    const module = wasm instanceof WebAssembly.Module ? wasm : await compileWasm(wasm);
    let failed: (error: unknown) => void = () => undefined;
    const failure = new Promise<never>((_, reject) => {
      failed = reject;
    });
    const started = withPageUrl(() =>
      initSqlJs({
        instantiateWasm(imports, done) {
          WebAssembly.instantiate(module, imports).then(done, (error: unknown) =>
            failed(new Error(`sql.js's WebAssembly did not instantiate: ${String(error)}`, { cause: error })),
          );
          return {};
        },
      }),
    );
    return Promise.race([started, failure]);
  }
  const wasmUrl = options.wasmUrl;
  return withPageUrl(() => initSqlJs(wasmUrl === undefined ? {} : { locateFile: () => wasmUrl }));
}

async function compileWasm(bytes: ArrayBuffer | Uint8Array): Promise<WebAssembly.Module> {
  try {
    return await WebAssembly.compile(bytes as BufferSource);
  } catch (error) {
    throw new Error(
      `sql.js's WebAssembly did not compile from the bytes given: ${String(error)} (Workers compile no bytes: pass the WebAssembly.Module their import of the .wasm file gives)`,
      { cause: error },
    );
  }
}

/** Node, Bun and Deno: sql.js's Node build reads its file from disk there. */
function isNodeLike(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

/**
 * sql.js's WebAssembly from a URL, compiled while it streams where the server sends
 * `application/wasm`. Every failure names the URL tried and the option that sets it: a page that
 * serves its HTML for an unknown path (most dev servers) would otherwise fail inside sql.js.
 */
async function fetchWasm(url: string, optionName: string): Promise<WebAssembly.Module> {
  const where = new URL(url, (globalThis as { location?: { href: string } }).location?.href).href;
  const fail = (problem: string, cause?: unknown) =>
    new Error(
      `sql.js's WebAssembly could not be loaded from ${where} (${problem}): set \`${optionName}\` to the URL your page serves sql.js/dist/sql-wasm-browser.wasm at`,
      { cause },
    );
  let response: Response;
  try {
    response = await fetch(where);
  } catch (error) {
    throw fail(`fetch failed: ${String(error)}`, error);
  }
  if (!response.ok) throw fail(`HTTP ${response.status}`);
  const type = response.headers.get('content-type') ?? '';
  if (type.startsWith('text/')) throw fail(`the server answered ${type.split(';')[0]}, not WebAssembly`);
  try {
    return type.startsWith('application/wasm')
      ? await WebAssembly.compileStreaming(response)
      : await WebAssembly.compile(await response.arrayBuffer());
  } catch (error) {
    throw fail(`not WebAssembly: ${String(error)}`, error);
  }
}

/** A Worker without a page URL (workerd: `WorkerGlobalScope` but no `location`). */
function workerWithoutLocation(): boolean {
  return 'WorkerGlobalScope' in globalThis && (globalThis as { location?: unknown }).location === undefined;
}

/**
 * Throws, naming the fix, where sql.js cannot find its WebAssembly by itself: in a Worker without
 * a page URL (Cloudflare Workers, workerd) when neither `wasm` nor `wasmUrl` is given. sql.js would
 * fail there with "Cannot read properties of undefined (reading 'href')".
 */
export function assertWasmLocatable(
  options: { wasm?: SqlWasm | undefined; wasmUrl?: string | undefined },
  option: WasmOptionNames = { wasm: 'wasm', wasmUrl: 'wasmUrl' },
): void {
  if (options.wasm !== undefined || options.wasmUrl !== undefined || !workerWithoutLocation()) return;
  throw new Error(
    `sql.js cannot locate its WebAssembly in this Worker (no file system, no page URL): pass \`${option.wasm}\`, the WebAssembly.Module of sql.js/dist/sql-wasm-browser.wasm (import sqlWasm from 'sql.js/dist/sql-wasm-browser.wasm' in Cloudflare Workers), or \`${option.wasmUrl}\`, a URL to fetch it from`,
  );
}

/**
 * sql.js's browser build reads `self.location.href` as it starts whenever `WorkerGlobalScope`
 * exists; workerd has no `location`. A stand-in is set for that synchronous start only (the file
 * comes from `wasm` or an absolute `wasmUrl` there, never from this URL) and removed right after.
 */
function withPageUrl<T>(start: () => T): T {
  if (!workerWithoutLocation() || 'location' in globalThis) return start();
  Object.defineProperty(globalThis, 'location', { value: { href: 'about:blank' }, configurable: true });
  try {
    return start();
  } finally {
    delete (globalThis as { location?: unknown }).location;
  }
}

/** The better-sqlite3 shape that Kysely's SqliteDialect drives, over a sql.js database. */
class SqlJsAdapter implements SqliteDatabase {
  #closed = false;

  constructor(private readonly database: SqlJsDatabase) {}

  /** Idempotent: Kysely's destroy and the storage's close may both call it. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.database.close();
  }

  prepare(sql: string): SqliteStatement {
    const database = this.database;
    const statement = database.prepare(sql);
    // Kysely uses each prepared statement once; free it right after.
    const reader = statement.getColumnNames().length > 0;
    return {
      reader,
      all(parameters) {
        try {
          statement.bind(parameters as BindParams);
          const rows: unknown[] = [];
          while (statement.step()) rows.push(statement.getAsObject());
          return rows;
        } finally {
          statement.free();
        }
      },
      run(parameters) {
        try {
          statement.run(parameters as BindParams);
          const changes = database.getRowsModified();
          const lastInsertRowid = Number(database.exec('select last_insert_rowid()')[0]?.values[0]?.[0] ?? 0);
          return { changes, lastInsertRowid };
        } finally {
          statement.free();
        }
      },
      iterate(parameters) {
        return this.all(parameters)[Symbol.iterator]();
      },
    };
  }
}
