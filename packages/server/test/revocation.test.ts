import { spawn } from 'node:child_process';
import { createTestDatabase, startThrowawayPostgres } from '@wsadmin/server-testing/postgres';
import {
  collect,
  REPO_ROOT,
  runBundled,
  spawnBundled,
  stop,
  tempDatabase,
  waitFor,
} from '@wsadmin/server-testing/processes';
import { captureStatements } from '@wsadmin/server-testing/statement-capture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config';
import { type RunningServer, startServer } from '../src/server';

/**
 * A running server sees every change another process makes to its keys at the very next request,
 * on both dialects, however often it has just served the key from cached answers (decisions 0012,
 * 0020): what it keeps is only ever used while the database's change version stays.
 */

const BOOTSTRAP = 'wsk_revocation-test-bootstrap';

interface Database {
  url: string;
  /** Runs one statement in a separate `node` process; `$1`… placeholders on both dialects. */
  edit(statement: string, parameters: unknown[]): Promise<void>;
  remove(): Promise<void>;
}

// A plain `node -e` child: its own connection in its own process, like an operator's tool.
const EDIT_SCRIPT = `
const [url, statement, parameters] = process.argv.slice(1);
const values = JSON.parse(parameters);
if (url.startsWith('sqlite:')) {
  const db = new (require('better-sqlite3'))(url.slice('sqlite:'.length));
  db.prepare(statement.replace(/\\$\\d+/g, '?')).run(...values);
  db.close();
} else {
  const client = new (require('pg').Client)({ connectionString: url });
  client.connect().then(() => client.query(statement, values)).then(() => client.end());
}`;

function editIn(url: string) {
  return (statement: string, parameters: unknown[]) =>
    new Promise<void>((done, fail) => {
      const child = spawn(process.execPath, ['-e', EDIT_SCRIPT, url, statement, JSON.stringify(parameters)], {
        cwd: REPO_ROOT,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      child.once('error', fail);
      child.once('close', (code) =>
        code === 0 ? done() : fail(new Error(`edit failed (${code}): ${stderr}`)),
      );
    });
}

const dialects: Array<[string, () => Promise<Database>]> = [
  [
    'SQLite',
    async () => {
      const file = tempDatabase('wsadmin-revocation-');
      return { url: file.url, edit: editIn(file.url), remove: async () => file.remove() };
    },
  ],
  [
    'PostgreSQL',
    // A server of its own: other test files' commits would move its snapshot (decision 0020), and
    // the tests show answers kept between this file's own changes.
    async () => {
      const postgres = await startThrowawayPostgres({ quiet: true });
      const url = await createTestDatabase(postgres.adminUrl, 'revocation');
      return { url, edit: editIn(url), remove: () => postgres.stop() };
    },
  ],
];

for (const [dialect, open] of dialects) {
  describe(`key changes by another process, ${dialect}`, { timeout: 120_000 }, () => {
    let database: Database;
    let server: RunningServer;
    let workspaceId: number;
    /** The key whose scope the table below changes, case after case. */
    let scoped: { id: string; secret: string } | undefined;
    const keys = (...args: string[]) =>
      runBundled('packages/server/src/bin/keys.ts', args, { DATABASE_URL: database.url });
    const detail = async (secret: string, id = workspaceId, url = server.url) => {
      const answer = await fetch(`${url}/openapi/v1/workspaces/${id}/`, {
        headers: { authorization: `Bearer ${secret}` },
      });
      return { status: answer.status, ...((await answer.json()) as { errcode: number; errmsg: string }) };
    };
    const create = async (name: string) => {
      const run = await keys('create', '--name', name);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      return JSON.parse(run.stdout) as { id: string; secret: string };
    };
    const idOf = async (name: string) => {
      const run = await keys('list');
      const listed = run.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { id: string; name: string });
      return listed.find((key) => key.name === name)?.id ?? '';
    };

    beforeAll(async () => {
      database = await open();
      server = await startServer(
        readConfig({
          PORT: '0',
          DATABASE_URL: database.url,
          LOG_LEVEL: 'silent',
          WSADMIN_BOOTSTRAP_KEY: BOOTSTRAP,
        }),
      );
      const created = await fetch(`${server.url}/openapi/v1/workspaces/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${BOOTSTRAP}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'revocation' }),
      });
      workspaceId = ((await created.json()) as { data: { id: number } }).data.id;
    });
    afterAll(async () => {
      await server?.close();
      await database?.remove();
    });

    it('npm run keys -- revoke: 401 from the next request on, however warm the key; other keys keep working', async () => {
      const [kept, gone] = [await create('kept'), await create('gone')];
      expect((await detail(gone.secret)).status).toBe(200);
      const capture = captureStatements();
      for (let i = 0; i < 20; i++) expect((await detail(gone.secret)).status).toBe(200);
      capture.stop();
      expect(answerCacheServed(capture.statements)).toBe(true);

      const run = await keys('revoke', gone.id);
      expect(run).toMatchObject({ code: 0, stderr: '' });

      for (let i = 0; i < 3; i++) {
        expect(await detail(gone.secret)).toMatchObject({
          status: 401,
          errcode: 401,
          errmsg: 'the access key has been revoked',
        });
      }
      expect((await detail(kept.secret)).status).toBe(200);
    });

    it.each([
      [
        'feature permissions narrowed',
        { permissions: '["auth"]', workspaces: null, want: 403, errmsg: 'lacks the "workspace" feature' },
      ],
      [
        'limited to other workspaces',
        { permissions: '[]', workspaces: '[999999]', want: 403, errmsg: 'may not access workspace' },
      ],
      ['widened again', { permissions: '[]', workspaces: null, want: 200, errmsg: 'success' }],
    ])('%s by another process: the next request answers by the new scope', async (_case, given) => {
      scoped ??= await create('scoped');
      await detail(scoped.secret);
      await database.edit('update access_keys set permissions = $1, workspace_ids = $2 where id = $3', [
        given.permissions,
        given.workspaces,
        scoped.id,
      ]);
      const answer = await detail(scoped.secret);
      expect(answer.status).toBe(given.want);
      expect(answer.errmsg).toContain(given.errmsg);
    });

    it('a workspace renamed by another process shows in the next answer, however often it was read', async () => {
      const read = async () => {
        const answer = await fetch(`${server.url}/openapi/v1/workspaces/${workspaceId}/`, {
          headers: { authorization: `Bearer ${BOOTSTRAP}` },
        });
        return ((await answer.json()) as { data: { name: string } }).data.name;
      };
      for (let i = 0; i < 5; i++) expect(await read()).toBe('revocation');
      await database.edit('update workspaces set name = $1 where id = $2', [
        'renamed elsewhere',
        workspaceId,
      ]);
      expect(await read()).toBe('renamed elsewhere');
      await database.edit('update workspaces set name = $1 where id = $2', ['revocation', workspaceId]);
      expect(await read()).toBe('revocation');
    });

    it('wsadmin-keys revoke while two server processes hold cached answers for the key: 401 at the next request of each', async () => {
      const key = await create('two processes');
      const other = await spawnBundled('packages/server/src/bin/start.ts', [], {
        HOST: '127.0.0.1',
        PORT: '0',
        DATABASE_URL: database.url,
        LOG_LEVEL: 'silent',
      });
      try {
        const output = collect(other);
        const { stdout } = await waitFor(
          output,
          (seen) => /server on http:\/\/\S+/.test(seen.stdout),
          45_000,
        );
        const urls = [server.url, /server on (http:\/\/\S+)/.exec(stdout)?.[1] ?? ''];
        for (const url of urls) expect((await detail(key.secret, workspaceId, url)).status).toBe(200);
        const capture = captureStatements();
        for (const url of urls) {
          for (let i = 0; i < 5; i++) expect((await detail(key.secret, workspaceId, url)).status).toBe(200);
        }
        capture.stop();
        // This process is one of the two; the other runs the same code.
        expect(answerCacheServed(capture.statements)).toBe(true);

        expect(await keys('revoke', key.id)).toMatchObject({ code: 0, stderr: '' });
        for (const url of urls) {
          expect(await detail(key.secret, workspaceId, url)).toMatchObject({
            status: 401,
            errmsg: 'the access key has been revoked',
          });
        }
      } finally {
        await stop(other);
      }
    });

    it('a key revoked, then restored by another process starting with WSADMIN_BOOTSTRAP_KEY, works at the next request', async () => {
      expect((await detail(BOOTSTRAP)).status).toBe(200);
      const bootstrapId = await idOf('bootstrap');
      expect((await keys('revoke', bootstrapId)).code).toBe(0);
      expect((await detail(BOOTSTRAP)).status).toBe(401);

      const other = await spawnBundled('packages/server/src/bin/start.ts', [], {
        PORT: '0',
        DATABASE_URL: database.url,
        WSADMIN_BOOTSTRAP_KEY: BOOTSTRAP,
      });
      try {
        const output = collect(other);
        await waitFor(output, (seen) => /wsadmin reference server on/.test(seen.stdout), 45_000);
      } finally {
        await stop(other);
      }
      expect((await detail(BOOTSTRAP)).status).toBe(200);
    });
  });
}

/**
 * Whether repeated reads were answered from cached answers: the change version was read, and neither
 * the key nor the workspace was (the refresh-task timer's own statements aside).
 */
function answerCacheServed(statements: ReadonlyMap<string, unknown>): boolean {
  const texts = [...statements.keys()];
  return (
    texts.some((text) => /pg_current_snapshot|data_version/.test(text)) &&
    !texts.some((text) => /"(access_keys|workspaces)"/.test(text))
  );
}
