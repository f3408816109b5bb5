import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { postgresBinaries, postgresUser } from './postgres-binaries';

const run = promisify(execFile);

/** Where the PostgreSQL server binaries are: Debian's, else the npm registry's (postgres-binaries.ts). */
export const postgresBin = postgresBinaries();

export interface ThrowawayPostgres {
  /** Superuser URL of the `postgres` database, for creating test databases. */
  adminUrl: string;
  /** `pg_ctl restart -m fast`: every connection is dropped, then the server accepts again (drills). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface ThrowawayOptions {
  /** Keep PostgreSQL's durability settings (fsync, synchronous commit) as in production: benchmarks. */
  durable?: boolean;
  /**
   * No autovacuum, and no other test file's databases: only the test's own commits move the
   * server's snapshot, so a test can show that answers were kept between them (decision 0020).
   */
  quiet?: boolean;
}

/**
 * Starts a private PostgreSQL server in a temporary directory on a free port, for one test run.
 * Durability is off (fsync, synchronous commit) unless `durable`: the data is thrown away at the end anyway.
 * PostgreSQL refuses to run as root, so as root it runs as another user (postgresUser()).
 */
export async function startThrowawayPostgres(options: ThrowawayOptions = {}): Promise<ThrowawayPostgres> {
  const initdb = join(postgresBin, 'initdb');
  if (!existsSync(initdb)) throw new Error(`PostgreSQL is not installed: ${initdb} is missing`);
  const dir = mkdtempSync(join(tmpdir(), 'wsadmin-pg-'));
  const asRoot = process.getuid?.() === 0;
  const user = postgresUser();
  const asPostgres = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', user, '--', command, ...args]) : run(command, args);
  if (asRoot) await run('chown', [`${user}:`, dir]);
  const data = join(dir, 'data');
  await asPostgres(initdb, ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    ...(options.durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
    ...(options.quiet ? ['-c autovacuum=off'] : []),
    '-c max_connections=300',
  ].join(' ');
  const pgCtl = join(postgresBin, 'pg_ctl');
  // -l: the server writes to a file, not to our pipes (which would keep them open).
  await asPostgres(pgCtl, ['-D', data, '-o', settings, '-l', join(dir, 'server.log'), '-w', 'start']);
  let stopped: Promise<void> | undefined;
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart() {
      await asPostgres(pgCtl, [
        '-D',
        data,
        '-o',
        settings,
        '-l',
        join(dir, 'server.log'),
        '-m',
        'fast',
        '-w',
        'restart',
      ]);
    },
    stop() {
      stopped ??= asPostgres(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop'])
        .then(() => undefined)
        .finally(() => rmSync(dir, { recursive: true, force: true }));
      return stopped;
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Runs `work` with a client of the admin URL. */
export async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates an empty database and returns its URL. Where the server has ICU, the database sorts text
 * as en-US does (case-insensitively, punctuation last), as production databases often do, so the
 * tests prove the storage does not depend on the database's locale. With `template` (the URL of a
 * database no one is connected to), the new one is a copy of it: a migrated template makes each
 * database of a test that needs many in a few milliseconds instead of a migration each.
 */
export async function createTestDatabase(
  adminUrl: string,
  label: string,
  options: { template?: string } = {},
): Promise<string> {
  const name = `wsadmin_${label.replace(/\W/g, '_')}_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, async (client) => {
    if (options.template !== undefined) {
      const template = decodeURIComponent(new URL(options.template).pathname.slice(1));
      // PostgreSQL 15 copies through the WAL by default, page by page: twice the server's CPU of a
      // file copy (and its checkpoint, cheap without fsync). Before 15 a file copy is all there is.
      const { rows } = await client.query<{ server_version_num: string }>('show server_version_num');
      const strategy = Number(rows[0]?.server_version_num) >= 150000 ? ' strategy file_copy' : '';
      await client.query(`create database "${name}" template "${template}"${strategy}`);
      return;
    }
    try {
      await client.query(
        `create database "${name}" template template0 encoding 'UTF8' locale_provider icu icu_locale 'en-US'`,
      );
    } catch {
      await client.query(`create database "${name}" template template0 encoding 'UTF8'`);
    }
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a test database, closing whatever connections are left. */
export async function dropTestDatabase(adminUrl: string, databaseUrl: string): Promise<void> {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  await withAdmin(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
}
