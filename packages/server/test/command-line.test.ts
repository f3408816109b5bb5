import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keysUsage, serverUsage } from '@wsadmin/server-core/server-kit';
import { collect, type Finished, REPO_ROOT, runBundled } from '@wsadmin/server-testing/processes';
import { afterAll, describe, expect, it } from 'vitest';

// The commands bundled from their sources into one file each, as their build ships them
// (bundledScript: tsx compiled the server's sources again at each of this file's starts), and through
// this repository's npm scripts. The usage lines name the bin whatever file runs it
// (command-name.ts).
const dir = mkdtempSync(join(tmpdir(), 'wsadmin-command-line-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const SERVER = 'packages/server/src/bin/start.ts';
const KEYS = 'packages/server/src/bin/keys.ts';

function npm(args: string[]): Promise<Finished> {
  const child = spawn('npm', args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir() },
    stdio: 'pipe',
  });
  const output = collect(child);
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('close', (code, signal) => done({ code, signal, ...output() }));
  });
}

/** A TCP port on which nothing listens: taken from the kernel, then let go. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  await new Promise((closed) => server.close(closed));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

const VERSION = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'packages/server/package.json'), 'utf8')) as { version: string }
).version;

// Processes, many at once on a shared machine.
const PROCESSES = { timeout: 120_000 };

describe('the commands describe themselves', PROCESSES, () => {
  it.concurrent.each([
    [
      'wsadmin-server --help, whatever the settings',
      {
        run: () => runBundled(SERVER, ['--help'], { PORT: 'nonsense' }),
        want: { code: 0, stdout: `${serverUsage('wsadmin-server')}\n`, stderr: '' },
      },
    ],
    [
      'wsadmin-server --version',
      {
        run: () => runBundled(SERVER, ['--version'], {}),
        want: { code: 0, stdout: `${VERSION}\n`, stderr: '' },
      },
    ],
    [
      'wsadmin-server with an unknown flag: the problem and the usage on stderr, exit code 2',
      {
        run: () => runBundled(SERVER, ['--port', '9000'], {}),
        want: {
          code: 2,
          stdout: '',
          stderr: `wsadmin-server: unknown option "--port": settings are environment variables (listed below), e.g. PORT=9000\n\n${serverUsage('wsadmin-server')}\n`,
        },
      },
    ],
    [
      'npm start -- --help',
      {
        run: () => npm(['start', '--silent', '--', '--help']),
        want: { code: 0, stdout: `${serverUsage('npm start --')}\n`, stderr: '' },
      },
    ],
    [
      'wsadmin-keys --help',
      {
        run: () => runBundled(KEYS, ['--help'], {}),
        want: { code: 0, stdout: `${keysUsage('wsadmin-keys')}\n`, stderr: '' },
      },
    ],
    [
      'wsadmin-keys with an unknown flag',
      {
        run: () => runBundled(KEYS, ['list', '--all'], {}),
        want: {
          code: 2,
          stdout: '',
          stderr: `keys: unknown option "--all"\n\n${keysUsage('wsadmin-keys')}\n`,
        },
      },
    ],
    [
      'npm run keys -- help',
      {
        run: () => npm(['run', '--silent', 'keys', '--', 'help']),
        want: { code: 0, stdout: `${keysUsage('npm run keys --')}\n`, stderr: '' },
      },
    ],
  ])('%s', async (_name, { run, want }) => {
    const finished = await run();
    expect({ code: finished.code, stdout: finished.stdout, stderr: finished.stderr }).toEqual(want);
  });
});

// A plain file where the database's directory should be: the path cannot be opened, whoever runs
// the tests (root may write anywhere, so permissions cannot make a path unreadable here). The
// other reasons a database cannot be opened are checked in-process (database-open-errors.test.ts).
const fileInTheWay = join(dir, 'a-file');
writeFileSync(fileInTheWay, 'not a directory');

describe('a start that cannot go on ends with one line on stderr and exit code 1', PROCESSES, () => {
  it.concurrent.each([
    [
      'a database path through a file',
      {
        env: { DATABASE_URL: `sqlite:${fileInTheWay}/wsadmin.db` },
        want: `wsadmin: cannot open the SQLite database ${fileInTheWay}/wsadmin.db (DATABASE_URL=sqlite:${fileInTheWay}/wsadmin.db): a file is in the way of the directory ${fileInTheWay} (EEXIST): choose a path in a directory`,
      },
    ],
    [
      'a database path through a file, with several workers (the primary opens it first)',
      {
        env: { DATABASE_URL: `sqlite:${fileInTheWay}/wsadmin.db`, WSADMIN_WORKERS: '2' },
        want: `wsadmin: cannot open the SQLite database ${fileInTheWay}/wsadmin.db (DATABASE_URL=sqlite:${fileInTheWay}/wsadmin.db): a file is in the way of the directory ${fileInTheWay} (EEXIST): choose a path in a directory`,
      },
    ],
    [
      'a setting out of range',
      { env: { PORT: '99999' }, want: 'wsadmin: PORT must be 0-65535, got "99999"' },
    ],
  ])('%s', async (_name, { env, want }) => {
    const run = await runBundled(SERVER, [], { PORT: '0', ...env });
    expect({ code: run.code, stdout: run.stdout, stderr: run.stderr }).toEqual({
      code: 1,
      stdout: '',
      stderr: `${want}\n`,
    });
  });

  it('a PostgreSQL that refuses the connection', async () => {
    const port = await freePort();
    const url = `postgresql://app:hunter2@127.0.0.1:${port}/wsadmin`;
    const runs = await Promise.all([
      runBundled(SERVER, [], { PORT: '0', DATABASE_URL: url }),
      runBundled(KEYS, ['list'], { DATABASE_URL: url }),
    ]);
    const line = `cannot open the PostgreSQL database postgresql://app:***@127.0.0.1:${port}/wsadmin: connection refused at 127.0.0.1:${port} (ECONNREFUSED): start PostgreSQL there, or correct the host and port in DATABASE_URL`;
    expect(runs.map((run) => ({ code: run.code, stdout: run.stdout, stderr: run.stderr }))).toEqual([
      { code: 1, stdout: '', stderr: `wsadmin: ${line}\n` },
      { code: 1, stdout: '', stderr: `keys: ${line}\n` },
    ]);
  });
});
