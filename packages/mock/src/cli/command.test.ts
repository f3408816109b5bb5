import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@wsadmin/sdk';
import { bundledScript, collect, exitOf, runBundled, stop, waitFor } from '@wsadmin/server-testing/processes';
import { afterAll, describe, expect, it } from 'vitest';
import { MOCK_KEY } from '../options';
import { usage } from './args';

// The command bundled into one file from its sources, as its build ships it (bundledScript): tsx
// compiled the mock's sources again at each of the file's seven starts, seconds of CPU each.
const COMMAND = 'packages/mock/src/cli/main.ts';
const run = (args: string[]) => runBundled(COMMAND, args, {});
const dir = mkdtempSync(join(tmpdir(), 'wsadmin-mock-command-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, value: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
};

// Processes on a loaded machine.
const PROCESSES = { timeout: 120_000 };

/** Starts the command and waits for its banner; the base URL it printed. */
async function started(args: string[]) {
  const child = spawn(process.execPath, [await bundledScript(COMMAND), ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir() },
    stdio: 'pipe',
  });
  const output = collect(child);
  const { stdout } = await waitFor(
    output,
    (seen) => seen.stdout.includes('Ctrl+C') || child.exitCode !== null,
    60_000,
  );
  const url = /base URL: +(http:\/\/\S+)/.exec(stdout)?.[1];
  if (!url) throw new Error(`wsadmin-mock printed no URL:\n${stdout}\n${output().stderr}`);
  return { child, output, url };
}

/** A GET with a Host header of our choosing (fetch does not let a caller set Host). */
function getWithHost(url: string, host: string): Promise<number> {
  return new Promise((done, fail) => {
    request(url, { headers: { host } }, (response) => {
      response.resume();
      done(response.statusCode ?? 0);
    })
      .on('error', fail)
      .end();
  });
}

describe('wsadmin-mock', PROCESSES, () => {
  it('prints its usage on --help', async () => {
    const finished = await run(['--help']);
    expect(finished).toMatchObject({ code: 0, stdout: `${usage()}\n`, stderr: '' });
  });

  it('serves a scenario file to the SDK over HTTP, its inspector on loopback names only, CORS to pages; stops on SIGTERM', async () => {
    const scenario = file('demo.json', {
      seed: { workspaces: [{ name: 'Sales' }, { name: 'Archive' }] },
      startAt: '2030-01-01T00:00:00Z',
    });
    const { child, output, url } = await started([scenario, '--port', '0']);
    try {
      expect(output().stdout).toContain(`MOCK_KEY:  ${MOCK_KEY}`);
      expect(output().stdout).toContain(`inspector: ${url}/__inspector__/`);
      const client = createClient({ baseUrl: url, key: MOCK_KEY });
      expect((await client.workspaces.list()).map((workspace) => workspace.name)).toEqual([
        'Sales',
        'Archive',
      ]);
      await client.workspaces.create({ name: 'Made over HTTP' });
      expect(await client.workspaces.list()).toHaveLength(3);

      const state = (await (await fetch(`${url}/__inspector__/api/state`)).json()) as Record<string, unknown>;
      expect(state).toMatchObject({ baseUrl: url, scenario, now: '2030-01-01T00:00:00.000Z', overrides: [] });
      const port = new URL(url).port;
      expect(await getWithHost(`${url}/__inspector__/api/state`, `localhost:${port}`)).toBe(200);
      expect(await getWithHost(`${url}/__inspector__/api/state`, `attacker.example:${port}`)).toBe(403);
      // An emulator reaches the machine's loopback as 10.0.2.2: the API answers it (401: no key here).
      expect(await getWithHost(`${url}/openapi/v1/workspaces/`, `10.0.2.2:${port}`)).toBe(401);

      const preflight = await fetch(`${url}/openapi/v1/workspaces/`, {
        method: 'OPTIONS',
        headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exitOf(child)).toEqual({ code: 0, signal: null });
    expect(output().stdout).toContain('wsadmin mock stopped (SIGTERM)');
  });

  it('refuses a scenario file with a misspelt field, naming the file and the field; exit code 2', async () => {
    const scenario = file('scenario.json', { seed: { workspaces: [{ nmae: 'Sales' }] } });
    const finished = await run([scenario, '--port', '0']);
    expect(finished).toMatchObject({
      code: 2,
      stdout: '',
      stderr: `wsadmin-mock: ${scenario}: seed.workspaces[0].nmae: Unrecognized key\n`,
    });
  });

  it('refuses a seed the app refuses, naming the file and the seed; exit code 2', async () => {
    const scenario = file('members.json', {
      seed: {
        workspaces: [{ name: 'Sales', members: [{ uid: '0b6f4c8e-3d2a-4f1b-9c7e-5a8d2e1f4b3c', role: 2 }] }],
      },
    });
    const finished = await run([scenario, '--port', '0']);
    expect(finished.code).toBe(2);
    expect(finished.stderr).toMatch(
      new RegExp(`^wsadmin-mock: ${scenario}: seed: seeding failed: addMember answered 4\\d\\d: `),
    );
  });

  it('says a busy port is in use; exit code 1', async () => {
    const busy = createServer();
    await new Promise<void>((listening) => busy.listen(0, '127.0.0.1', listening));
    const { port } = busy.address() as { port: number };
    try {
      const finished = await run(['--port', String(port)]);
      expect(finished).toMatchObject({
        code: 1,
        stdout: '',
        stderr: `wsadmin-mock: port ${port} is in use: pass --port\n`,
      });
    } finally {
      await new Promise((closed) => busy.close(closed));
    }
  });

  it('serves on loopback only unless --allow-remote; exit code 2 with the usage', async () => {
    const finished = await run(['--host', '0.0.0.0']);
    expect(finished.code).toBe(2);
    expect(finished.stderr).toMatch(
      /^wsadmin-mock: --host 0\.0\.0\.0 is not a loopback address: .*--allow-remote/,
    );
    expect(finished.stderr).toContain(usage());
  });

  it('stops on SIGINT too', async () => {
    const { child } = await started(['--port', '0']);
    try {
      child.kill('SIGINT');
      expect(await exitOf(child)).toEqual({ code: 0, signal: null });
    } finally {
      await stop(child);
    }
  });
});
