import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';

/** Every distinct SQL text a process ran, with the parameters of its first run. */
export interface StatementCapture {
  readonly statements: ReadonlyMap<string, readonly unknown[]>;
  /** Stops recording and puts the drivers back as they were. */
  stop(): void;
}

/**
 * Records what better-sqlite3 and pg run in this process, below every caller: Kysely's queries,
 * the prepared point reads that skip Kysely (storage/quick-reads.ts through sqlite-file.ts and
 * postgres.ts) and
 * hand-written statements alike. Patches the drivers' prototypes, so storages opened before or
 * after the call are both seen; test processes only.
 */
export function captureStatements(): StatementCapture {
  const statements = new Map<string, readonly unknown[]>();
  const record = (text: string, parameters: readonly unknown[]) => {
    if (!statements.has(text)) statements.set(text, parameters);
  };
  let restore = [patchSqlite(record), patchPostgres(record)];
  return {
    statements,
    stop() {
      for (const undo of restore) undo();
      restore = [];
    },
  };
}

type Recorder = (text: string, parameters: readonly unknown[]) => void;

/** better-sqlite3's Statement methods that run it; `source` is the statement's SQL. */
const SQLITE_RUNNERS = ['all', 'get', 'run', 'iterate'] as const;

function patchSqlite(record: Recorder): () => void {
  const probe = new BetterSqlite3(':memory:');
  const prototype = Object.getPrototypeOf(probe.prepare('select 1')) as Methods;
  probe.close();
  const originals = SQLITE_RUNNERS.map((name) => [name, prototype[name]] as const);
  for (const [name, original] of originals) {
    prototype[name] = function (this: { source: string }, ...args: unknown[]) {
      // Kysely and the quick reads pass one array of positional parameters.
      record(this.source, args.length === 1 && Array.isArray(args[0]) ? args[0] : args);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
  return () => {
    for (const [name, original] of originals) prototype[name] = original;
  };
}

type Methods = { [name: string]: unknown };

function patchPostgres(record: Recorder): () => void {
  const prototype = pg.Client.prototype as unknown as Methods;
  const original = prototype.query as (...args: unknown[]) => unknown;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    // Kysely passes (text, values); the prepared point reads a config, { name, text, values }.
    const config =
      typeof first === 'object' && first !== null ? (first as { text?: unknown; values?: unknown }) : {};
    const text = typeof first === 'string' ? first : config.text;
    const values = typeof first === 'string' ? second : config.values;
    if (typeof text === 'string') record(text, Array.isArray(values) ? values : []);
    return original.apply(this, args);
  };
  return () => {
    prototype.query = original;
  };
}
