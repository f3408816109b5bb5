import type { BindParams, Database } from 'sql.js';
import type { D1Database, D1PreparedStatement } from '../src/storage/d1';

/**
 * D1 as the storage sees it, for the tests of src/storage/d1.ts and of the Worker: over an
 * in-memory SQLite (sql.js), statements one by one, `batch()` all or nothing, and `BEGIN` /
 * `SAVEPOINT` refused with D1's own message, so a transaction can only be undone by the undo log.
 */
export function fakeD1(database: Database): D1Database & { statements: string[] } {
  const statements: string[] = [];
  const prepare = (text: string, values: unknown[] = []): D1PreparedStatement => ({
    bind: (...bound) => prepare(text, bound),
    async all<Row>() {
      return execute<Row>(text, values);
    },
    async run() {
      return execute(text, values);
    },
  });
  const execute = <Row>(text: string, values: unknown[]) => {
    statements.push(text);
    if (/^\s*(begin|savepoint|commit|rollback|release)\b/i.test(text))
      throw new Error('D1_ERROR: To execute a transaction, please use the state.storage.transaction() API');
    const statement = database.prepare(text);
    try {
      statement.bind(values as BindParams);
      const results: Row[] = [];
      while (statement.step()) results.push(statement.getAsObject() as Row);
      return { results, meta: { changes: database.getRowsModified() } };
    } finally {
      statement.free();
    }
  };
  return {
    statements,
    prepare: (text) => prepare(text),
    async batch(batch) {
      database.run('begin');
      try {
        const results = [];
        for (const statement of batch) results.push(await statement.run());
        database.run('commit');
        return results;
      } catch (error) {
        database.run('rollback');
        throw error;
      }
    },
  };
}
