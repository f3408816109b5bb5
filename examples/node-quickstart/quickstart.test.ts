import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@wsadmin/sdk';
import { type RunningServer, readConfig, startServer } from '@wsadmin/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, parseOptions } from './quickstart';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const key = `wsk_quickstart_${crypto.randomUUID().replaceAll('-', '')}`;
let dir: string;
let server: RunningServer;
const children: ChildProcess[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wsadmin-quickstart-'));
  server = await startServer(
    readConfig({
      PORT: '0',
      DATABASE_URL: `sqlite:${join(dir, 'wsadmin.db')}`,
      WSADMIN_BOOTSTRAP_KEY: key,
      LOG_LEVEL: 'silent',
    }),
  );
});

afterAll(async () => {
  for (const child of children) {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      process.kill(child.pid, 'SIGKILL');
    }
  }
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the README's command as a child process, with only the environment it needs. */
function runQuickstart(env: Record<string, string>, args: string[] = []) {
  const child = spawn(
    process.execPath,
    ['--conditions=@wsadmin/source', '--import', 'tsx', 'examples/node-quickstart/quickstart.ts', ...args],
    {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the node quickstart', () => {
  it('runs its main() against the server and leaves what it printed behind', async () => {
    const lines: string[] = [];
    const result = await main({
      baseUrl: server.url,
      key,
      workspaceName: 'In process',
      log: (l) => lines.push(l),
    });

    const client = createClient({ baseUrl: server.url, key });
    expect(await client.workspaces.get(result.workspaceId)).toMatchObject({ name: 'In process' });
    const dimensions = await client.dimensions.list(result.workspaceId);
    expect(dimensions.map((d) => [d.id, d.names])).toEqual([
      [result.dimensionIds.region, ['region', 'sales region']],
      [result.dimensionIds.product, ['product']],
    ]);
    const managed = await client.management(result.workspaceId).dimensions.get(result.dimensionIds.region);
    expect(managed.revision).toBe(result.revision.after);
    expect(result.revision.after).not.toBe(result.revision.before);
    const group = client.memberGroups(result.workspaceId, result.memberGroupId).rowPermission;
    expect(await group.getEnabled()).toEqual({ enableRowPermission: true });
    expect(await group.get()).toEqual({
      rowPermissionMode: 1,
      rowPermission: [
        { effect: 'allow', resource: 'region', resourceLabel: 'region', operator: 'equal', values: ['EU'] },
      ],
    });

    expect(lines).toEqual([
      expect.stringMatching(/^workspaces before: \d+$/),
      `created workspace ${result.workspaceId} "In process"`,
      `created dimensions: region (id ${result.dimensionIds.region}), product (id ${result.dimensionIds.product})`,
      `apply: dimension ${result.dimensionIds.region} ${result.revision.before} -> ${result.revision.after}, operation saved`,
      `member group ${result.memberGroupId} "EU analysts": row permission on, allow region equal EU`,
    ]);
  });

  it.each([
    [
      'arguments',
      ['--url', 'http://a.example', '--key', 'k1'],
      {},
      { baseUrl: 'http://a.example', key: 'k1' },
    ],
    [
      'the environment',
      [],
      { WSADMIN_URL: 'http://b.example', WSADMIN_KEY: 'k2' },
      { baseUrl: 'http://b.example', key: 'k2' },
    ],
    [
      'arguments over the environment, and --name',
      ['--key', 'k3', '--name', 'Demo'],
      { WSADMIN_URL: 'http://c.example', WSADMIN_KEY: 'k2' },
      { baseUrl: 'http://c.example', key: 'k3', workspaceName: 'Demo' },
    ],
  ])('takes its settings from %s', (_, argv, env, expected) => {
    expect(parseOptions(argv, env)).toEqual(expected);
  });

  it.each([
    ['no key', ['--url', 'http://a.example']],
    ['no URL', ['--key', 'k']],
  ])('refuses to start with %s, printing the usage', (_, argv) => {
    expect(() => parseOptions(argv, {})).toThrow(/usage: .*WSADMIN_URL and WSADMIN_KEY/);
  });

  it('runs as the README shows it: node --import tsx examples/node-quickstart/quickstart.ts', async () => {
    const { code, stdout, stderr } = await runQuickstart({ WSADMIN_URL: server.url, WSADMIN_KEY: key });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const created = /created workspace (\d+) "Quickstart"/.exec(stdout);
    expect(created).not.toBeNull();
    expect(stdout).toMatch(/apply: dimension \d+ r\S+ -> r\S+, operation saved/);
    expect(stdout).toMatch(/row permission on, allow region equal EU\n$/);
    const client = createClient({ baseUrl: server.url, key });
    expect(await client.workspaces.get(Number(created?.[1]))).toMatchObject({ name: 'Quickstart' });
  });

  it('exits with code 1 and the API error on stderr when the key is wrong', async () => {
    const { code, stdout, stderr } = await runQuickstart({}, ['--url', server.url, '--key', 'wsk_wrong']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^listWorkspaces: .* \(errcode 401\) \[unauthorized\]\n$/);
  });
});
