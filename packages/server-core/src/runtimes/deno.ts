import { sqliteFileOf } from '../settings/server-settings';
import { StartupError } from '../settings/startup-error';
import type { Storage } from '../storage/storage';
import type { SyncSqliteStatement } from '../storage/sync-sqlite';
import { openSyncSqliteStorage } from '../storage/sync-sqlite';
import type { RuntimeHost } from './serve';
import { makeDirectoryOf, openSqliteFile, SQLITE_FILE_PRAGMAS } from './sqlite-file-modes';

/** The parts of `node:sqlite` used here (Node 20's types, which this repository builds with, lack it). */
interface NodeSqlite {
  DatabaseSync: new (
    file: string,
  ) => {
    prepare(sql: string): {
      columns(): unknown[];
      all(...parameters: unknown[]): unknown[];
      get(): unknown;
      run(...parameters: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
      iterate(...parameters: unknown[]): IterableIterator<unknown>;
    };
    exec(sql: string): void;
    readonly isTransaction: boolean;
    close(): void;
  };
}

interface DenoServer {
  readonly addr: { port: number };
  shutdown(): Promise<void>;
}

interface DenoGlobal {
  pid: number;
  readonly version: { deno: string };
  serve(
    options: { hostname: string; port: number; onListen?: () => void },
    handler: (request: Request, info: { remoteAddr: { hostname: string } }) => Promise<Response> | Response,
  ): DenoServer;
}

/** A SQLite file (`:memory:`: a private in-memory database) through `node:sqlite`, in the Node server's modes. */
export async function openNodeSqliteStorage(file: string, now: () => Date): Promise<Storage> {
  await makeDirectoryOf(file);
  const specifier = 'node:sqlite';
  const { DatabaseSync } = (await import(specifier)) as NodeSqlite;
  let database: InstanceType<NodeSqlite['DatabaseSync']>;
  try {
    database = new DatabaseSync(file);
    for (const pragma of SQLITE_FILE_PRAGMAS) database.exec(pragma);
  } catch (error) {
    throw new StartupError(`cannot open the SQLite file ${file}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const open = database;
  const dataVersion = open.prepare('pragma data_version');
  return openSyncSqliteStorage(
    {
      // node:sqlite binds spread arguments and says nothing of read-only statements.
      prepare(sql): SyncSqliteStatement {
        const statement = open.prepare(sql);
        return {
          reader: statement.columns().length > 0,
          all: (parameters) => statement.all(...parameters),
          run: (parameters) => statement.run(...parameters),
          iterate: (parameters) => statement.iterate(...parameters),
        };
      },
      get inTransaction() {
        return open.isTransaction;
      },
      dataVersion: () => (dataVersion.get() as { data_version: number }).data_version,
      close: () => open.close(),
    },
    { location: file, now },
  );
}

/** Deno: `node:sqlite` and `Deno.serve`. */
export function denoHost(): RuntimeHost {
  const deno = (globalThis as { Deno?: DenoGlobal }).Deno;
  if (!deno) throw new Error('@wsadmin/server-core/deno runs on Deno only: start it with `deno run`');
  return {
    runtime: 'Deno',
    label: `Deno ${deno.version.deno}`,
    runnerId: `deno:${deno.pid}`,
    pid: deno.pid,
    openStorage(settings, now) {
      const file = sqliteFileOf(settings.databaseUrl);
      return openSqliteFile(file, () => openNodeSqliteStorage(file, now));
    },
    async listen(fetch, settings) {
      const server = deno.serve(
        { hostname: settings.host, port: settings.port, onListen: () => undefined },
        (request, info) => fetch(request, { remoteAddress: info.remoteAddr.hostname }),
      );
      return { port: server.addr.port, stop: () => server.shutdown().then(() => undefined) };
    },
  };
}
