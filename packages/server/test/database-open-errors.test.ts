import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresOpenError } from '../src/database-open-errors';
import { openStorageFromUrl } from '../src/open-storage';
import { StartupError } from '../src/startup-error';

// The commands print a StartupError's message as their one line (command-line.test.ts runs them).
const dir = mkdtempSync(join(tmpdir(), 'wsadmin-open-errors-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const aFile = join(dir, 'a-file');
writeFileSync(aFile, 'not a directory');
const notADatabase = join(dir, 'notes.txt');
writeFileSync(notADatabase, 'plain text, not SQLite\n'.repeat(100));
const aDirectory = join(dir, 'a-directory');
mkdirSync(aDirectory);

describe('a database that cannot be opened: what, with which value, what to do', () => {
  it.each([
    [
      'a path through a file, deeper down',
      {
        given: `sqlite:${aFile}/data/wsadmin.db`,
        want: `cannot open the SQLite database ${aFile}/data/wsadmin.db (DATABASE_URL=sqlite:${aFile}/data/wsadmin.db): a file is in the way of the directory ${aFile}/data (ENOTDIR): choose a path in a directory`,
      },
    ],
    [
      'a path naming a directory',
      {
        given: `sqlite:${aDirectory}`,
        want: `cannot open the SQLite database ${aDirectory} (DATABASE_URL=sqlite:${aDirectory}): unable to open it (SQLITE_CANTOPEN): check that the path names a file, not a directory, in a directory this user may write`,
      },
    ],
    [
      'a file that is no database',
      {
        given: `sqlite:${notADatabase}`,
        want: `cannot open the SQLite database ${notADatabase} (DATABASE_URL=sqlite:${notADatabase}): the file is not a SQLite database (SQLITE_NOTADB): point DATABASE_URL at a wsadmin database or at a new file`,
      },
    ],
    [
      'sqlite: without a path',
      {
        given: 'sqlite:',
        want: 'DATABASE_URL "sqlite:" needs a file path: write e.g. sqlite:./data/wsadmin.db',
      },
    ],
    [
      'an unsupported scheme',
      {
        given: 'mysql://root:hunter2@localhost/wsadmin',
        want: 'unsupported DATABASE_URL "mysql://root:***@localhost/wsadmin": use sqlite:<file>, sqlite::memory: or postgres://user:password@host:5432/database',
      },
    ],
    [
      'a PostgreSQL URL that is no URL, its password holding an @',
      {
        given: 'postgres://app:hun@ter2@[db/wsadmin',
        want: 'cannot open the PostgreSQL database postgres://app:***@[db/wsadmin: DATABASE_URL is not a valid URL: write postgres://user:password@host:5432/database, with special characters of the password percent-encoded',
      },
    ],
  ])('%s', async (_name, { given, want }) => {
    const error = await openStorageFromUrl(given, () => new Date()).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toBe(want);
  });

  const url = 'postgres://app:hunter2@db.internal/wsadmin';
  const location = 'postgres://app:***@db.internal/wsadmin';
  // As pg and Node report them: a message, and a code where there is one.
  const pgError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});
  it.each([
    [
      'a refused connection',
      {
        given: pgError('connect ECONNREFUSED 10.0.0.5:5432', 'ECONNREFUSED'),
        want: 'connection refused at db.internal:5432 (ECONNREFUSED): start PostgreSQL there',
      },
    ],
    [
      'an unknown host',
      {
        given: pgError('getaddrinfo ENOTFOUND db.internal', 'ENOTFOUND'),
        want: 'no such host (ENOTFOUND): correct the host',
      },
    ],
    [
      'no answer',
      {
        given: pgError('timeout exceeded when trying to connect'),
        want: 'no answer from db.internal:5432 in time: check the host, the port and any firewall',
      },
    ],
    [
      'a wrong password',
      {
        given: pgError('password authentication failed for user "app"', '28P01'),
        want: 'password authentication failed for user "app" (28P01): correct the user or password in DATABASE_URL',
      },
    ],
    [
      'a missing database',
      {
        given: pgError('database "wsadmin" does not exist', '3D000'),
        want: 'database "wsadmin" does not exist (3D000): create it (createdb), or correct the database name',
      },
    ],
  ])('PostgreSQL: %s', (_name, { given, want }) => {
    const error = postgresOpenError(url, location, given);
    expect(error.message).toContain(`cannot open the PostgreSQL database ${location}: ${want}`);
    expect(error.message).not.toContain('hunter2');
  });
});
