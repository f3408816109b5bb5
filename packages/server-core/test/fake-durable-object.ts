import type { BindParams, Database } from 'sql.js';
import type { DurableObjectStateLike, WorkerEnv } from '../src/runtimes/cloudflare-workers';
import { WsadminDatabase } from '../src/runtimes/cloudflare-workers';
import type { DurableObjectStorageLike } from '../src/storage/durable-object';

/**
 * A SQLite-backed Durable Object's storage as the server sees it, for unit tests: `sql.exec` over
 * an in-memory SQLite (sql.js) that refuses `BEGIN` and `SAVEPOINT` with Cloudflare's own message,
 * and `transaction(closure)`, committed when the closure resolves and rolled back when it rejects.
 * The real one runs in Miniflare (consumer/): this fake only shows what the server asks of it.
 */
export function fakeDurableObjectStorage(
  database: Database,
): DurableObjectStorageLike & { statements: string[] } {
  const statements: string[] = [];
  let open = false;
  return {
    statements,
    sql: {
      exec(query, ...bindings) {
        statements.push(query);
        if (/^\s*(begin|savepoint|commit|rollback|release)\b/i.test(query))
          throw new Error(
            'To execute a transaction, please use the state.storage.transaction() or state.storage.transactionSync() APIs instead of the SQL BEGIN TRANSACTION or SAVEPOINT statements.',
          );
        const statement = database.prepare(query);
        try {
          statement.bind(bindings as BindParams);
          const rows: Record<string, unknown>[] = [];
          while (statement.step()) rows.push(statement.getAsObject());
          const rowsWritten = database.getRowsModified();
          return { toArray: () => rows, rowsWritten };
        } finally {
          statement.free();
        }
      },
    },
    async transaction(closure) {
      if (open) throw new Error('fake Durable Object: nested transaction');
      open = true;
      database.run('begin');
      try {
        const result = await closure();
        database.run('commit');
        return result;
      } catch (error) {
        database.run('rollback');
        throw error;
      } finally {
        open = false;
      }
    },
  };
}

/** A Worker environment whose `WSADMIN` namespace holds one `WsadminDatabase` on `storage`. */
export function fakeNamespace(storage: DurableObjectStorageLike, env: WorkerEnv) {
  let object: WsadminDatabase | undefined;
  const state: DurableObjectStateLike = { storage };
  return {
    idFromName: (name: string) => name,
    get: () => ({
      fetch: (request: Request) => {
        object ??= new WsadminDatabase(state, env);
        return object.fetch(request);
      },
    }),
  };
}
