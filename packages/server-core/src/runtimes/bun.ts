import { sqliteFileOf } from '../settings/server-settings';
import { StartupError } from '../settings/startup-error';
import type { Storage } from '../storage/storage';
import { openSyncSqliteStorage } from '../storage/sync-sqlite';
import type { RuntimeHost } from './serve';
import { makeDirectoryOf, openSqliteFile, SQLITE_FILE_PRAGMAS } from './sqlite-file-modes';

/** The parts of `bun:sqlite` used here (Bun's own types are not a dependency of this package). */
interface BunSqlite {
  Database: new (
    file: string,
    options: { create: boolean },
  ) => {
    prepare(sql: string): {
      readonly reader: boolean;
      readonly readonly: boolean;
      all(parameters: readonly unknown[]): unknown[];
      get(): unknown;
      run(parameters: readonly unknown[]): { changes: number; lastInsertRowid: number | bigint };
      iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
    };
    exec(sql: string): void;
    readonly inTransaction: boolean;
    close(): void;
  };
}

interface BunServer {
  readonly port: number;
  requestIP(request: Request): { address: string } | null;
  stop(closeActiveConnections?: boolean): Promise<void>;
}

interface BunGlobal {
  readonly version: string;
  serve(options: {
    hostname: string;
    port: number;
    fetch(request: Request, server: BunServer): Promise<Response> | Response;
  }): BunServer;
}

/** A SQLite file (`:memory:`: a private in-memory database) through `bun:sqlite`, in the Node server's modes. */
export async function openBunSqliteStorage(file: string, now: () => Date): Promise<Storage> {
  await makeDirectoryOf(file);
  // A variable specifier: bundlers and type checks elsewhere leave Bun's built-in alone.
  const specifier = 'bun:sqlite';
  const { Database } = (await import(specifier)) as BunSqlite;
  const database = new Database(file, { create: true });
  try {
    for (const pragma of SQLITE_FILE_PRAGMAS) database.exec(pragma);
  } catch (error) {
    database.close();
    throw new StartupError(`cannot open the SQLite file ${file}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const dataVersion = database.prepare('pragma data_version');
  return openSyncSqliteStorage(
    {
      prepare: (sql) => database.prepare(sql),
      get inTransaction() {
        return database.inTransaction;
      },
      dataVersion: () => (dataVersion.get() as { data_version: number }).data_version,
      close: () => database.close(),
    },
    { location: file, now },
  );
}

/** Bun: `bun:sqlite` and `Bun.serve`. */
export function bunHost(): RuntimeHost {
  const bun = (globalThis as { Bun?: BunGlobal }).Bun;
  if (!bun) throw new Error('@wsadmin/server-core/bun runs on Bun only: start it with `bun`');
  const pid = (globalThis as { process?: { pid: number } }).process?.pid ?? 0;
  return {
    runtime: 'Bun',
    label: `Bun ${bun.version}`,
    runnerId: `bun:${pid}`,
    pid,
    openStorage(settings, now) {
      const file = sqliteFileOf(settings.databaseUrl);
      return openSqliteFile(file, () => openBunSqliteStorage(file, now));
    },
    async listen(fetch, settings) {
      const server = bun.serve({
        hostname: settings.host,
        port: settings.port,
        fetch: (request, peer) => fetch(request, { remoteAddress: peer.requestIP(request)?.address }),
      });
      return { port: server.port, stop: () => server.stop(true).then(() => undefined) };
    },
  };
}
