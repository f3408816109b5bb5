import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consumerEnv,
  createConsumer,
  installedVersion,
  localPrebuilds,
  npmCache,
  type RunningCommand,
  run,
  startCommand,
  tarballDependencies,
} from './harness';
import { sharedTarballs } from './packs';

/**
 * @wsadmin/mcp and @wsadmin/server installed from their tarballs into one fresh project, as
 * `npx @wsadmin/mcp` and `npx wsadmin-server` would get them. One `wsadmin-server` is started on a
 * fresh SQLite file; then one client script (consumer/fixtures/mcp/check.mjs, the project's own
 * official MCP client) runs the same checks over each transport and against each target: over
 * stdio against that server (its URL and key given in the environment, as a client configuration
 * passes them), and over Streamable HTTP against `wsadmin-mcp --mock`. On each:
 * - every tool's input and output schema valid JSON Schema (Ajv's draft 2020-12 meta-schema, compiled in its default strict mode), and the
 *   examples each input schema carries accepted by it;
 * - a batch create and a read; preview -> commit -> get_operation -> read back;
 * - a commit with a foreign (another MCP session's), a stale (already committed) and an invented
 *   plan token refused;
 * - a destructive tool refused for a client without elicitation (nothing deleted) and run for one
 *   whose user accepts (asked once, deleted);
 * - bad arguments answered as tool errors naming the field;
 * - the scope filter: a key limited to one workspace with the `workspace` permission (the mock's
 *   scenario `keys`; on the server, made with `wsadmin-keys create`) lists exactly the operations
 *   that permission allows and reaches only its workspace;
 * - no key or plan token in the log of any wsadmin-mcp started.
 */
const root = mkdtempSync(join(tmpdir(), 'wsadmin-mcp-consumer-'));
const project = join(root, 'mcp');
const databaseUrl = `sqlite:${join(root, 'data', 'mcp.db')}`;
const serverKey = `wsk_${randomBytes(24).toString('base64url')}`;
let server: RunningCommand | undefined;

beforeAll(async () => {
  const tarballs = await sharedTarballs();
  await createConsumer({
    directory: project,
    fixture: 'mcp',
    cache: await npmCache(),
    dependencies: {
      ...tarballDependencies(tarballs, ['@wsadmin/mcp', '@wsadmin/server']),
      '@modelcontextprotocol/sdk': installedVersion('@modelcontextprotocol/sdk'),
      ajv: installedVersion('ajv'),
      'ajv-formats': installedVersion('ajv-formats'),
    },
    allowScripts: { 'better-sqlite3': true },
    env: await localPrebuilds(join(root, 'prebuilds')),
  });
  mkdirSync(join(root, 'data'));
  server = await startCommand(process.execPath, ['node_modules/.bin/wsadmin-server'], {
    cwd: project,
    env: consumerEnv({ PORT: '0', DATABASE_URL: databaseUrl, WSADMIN_BOOTSTRAP_KEY: serverKey }),
    ready: /wsadmin reference server on (http:\/\/\S+)/,
    timeoutMs: 120_000,
  });
}, 900_000);
afterAll(async () => {
  await server?.stop();
  await rm(root, { recursive: true, force: true });
}, 60_000);

const CHECKS = [
  'schemas valid, examples accepted',
  'batch create',
  'read',
  'preview',
  'foreign plan token refused',
  'commit',
  'operation',
  'read back',
  'stale plan token refused',
  'invented plan token refused',
  'destructive refused without confirmation',
  'destructive run with confirmation',
  'bad arguments named',
  'scope: only the tools and operations the key may use',
  'scope: only its workspace',
  'no secret in the log',
];

describe('@wsadmin/mcp from its tarball', () => {
  it('passes the same checks over stdio on a started server and over Streamable HTTP on the mock', async () => {
    const url = /wsadmin reference server on (http:\/\/\S+)/.exec(server?.output() ?? '')?.[1] ?? '';
    const { stdout } = await run(process.execPath, ['check.mjs'], {
      cwd: project,
      env: consumerEnv({ SERVER_URL: url, SERVER_KEY: serverKey, SERVER_DATABASE_URL: databaseUrl }),
      timeoutMs: 420_000,
    });
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const each = {
      tools: 28,
      examples: 28,
      state: expect.stringMatching(/^(saved|pending|verified)$/),
      failed: [],
      passed: CHECKS,
      ms: expect.any(Number),
    };
    expect(lines).toEqual([
      { target: 'server', transport: 'stdio', ...each },
      { target: 'mock', transport: 'http', ...each },
    ]);
    expect(server?.output()).not.toContain(serverKey);
  }, 480_000);
});
