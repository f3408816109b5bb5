import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import {
  collect,
  listeningUrl,
  spawnBundled,
  stop,
  tempDatabase,
  waitFor,
} from '@wsadmin/server-testing/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Clients that leave, against a real `npm start` process: the work for them stops, nothing is
 * written, and they count as 499 `aborted`, never as server errors.
 */

const SECRET = 'wsk_abandoned-requests-secret';
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
const database = tempDatabase('wsadmin-abandoned-');
let child: ChildProcessWithoutNullStreams;
let output: ReturnType<typeof collect>;
let url = '';

/** CPU seconds (user + system, every thread: scrypt runs on libuv's pool) the server has used. */
function cpuSeconds(): number {
  const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
  // Fields after the command name in parentheses; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

interface LogLine {
  level: number;
  msg: string;
  operationId?: string;
  status?: number;
}
const logLines = (): LogLine[] =>
  output()
    .stdout.split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

/** The `aborted` line comes once the hash under way has finished: seconds on a loaded machine. */
const waitForAborted = (operationId: string) =>
  waitFor(
    logLines,
    (lines) => lines.some((line) => line.msg === 'aborted' && line.operationId === operationId),
    30_000,
  );

/** `wsadmin_http_requests_total` of one operation, by status. */
async function requestsByStatus(operationId: string): Promise<Record<string, number>> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const counts: Record<string, number> = {};
  for (const line of text.split('\n')) {
    if (!line.startsWith('wsadmin_http_requests_total{') || !line.includes(`operation="${operationId}"`))
      continue;
    const status = /status="(\d+)"/.exec(line)?.[1] ?? '?';
    counts[status] = Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return counts;
}

beforeAll(async () => {
  child = await spawnBundled('packages/server/src/bin/start.ts', [], {
    PORT: '0',
    DATABASE_URL: database.url,
    WSADMIN_BOOTSTRAP_KEY: SECRET,
  });
  output = collect(child);
  url = await listeningUrl(child, output);
}, 60_000);

afterAll(async () => {
  if (child) await stop(child);
  database.remove();
});

describe('a client that leaves', () => {
  it('mid-hash: hashing stops, no account is written, CPU time stops growing, and it counts as 499', async () => {
    const before = cpuSeconds();
    const client = new AbortController();
    const accounts = Array.from({ length: 200 }, (_, i) => ({
      username: `abandoned-${i}`,
      password: `Secret-pass-${i}`,
    }));
    const sent = fetch(`${url}/openapi/v1/accounts/create-accounts/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify({ accounts }),
      signal: client.signal,
    }).catch((error: unknown) => error);
    // Hashing is under way once the server has burnt CPU beyond its idle start.
    await waitFor(cpuSeconds, (now) => now - before >= 0.3, 30_000);
    client.abort();
    expect(await sent).toBeInstanceOf(Error);
    await waitForAborted('createAccounts');

    // 200 scrypt hashes left running would take tens of CPU seconds; an idle server takes almost none.
    const afterAbort = cpuSeconds();
    await new Promise((wake) => setTimeout(wake, 1_000));
    expect(cpuSeconds() - afterAbort).toBeLessThan(0.2);

    const list = await fetch(`${url}/openapi/v1/accounts/?q=abandoned`, {
      headers: { authorization: `Bearer ${SECRET}` },
    });
    expect(await list.json()).toMatchObject({ errcode: 200, data: [] });
    expect(await requestsByStatus('createAccounts')).toEqual({ '499': 1 });
    const line = logLines().find((each) => each.operationId === 'createAccounts');
    expect(line).toMatchObject({ level: 30, msg: 'aborted', status: 499 });
    expect(output().stderr).toBe('');
  }, 60_000);

  it('mid-body: a body that never completes is 499 aborted in the log and /metrics, not a 5xx', async () => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    await new Promise<void>((connected) => socket.once('connect', connected));
    socket.write(
      [
        'POST /openapi/v1/workspaces/ HTTP/1.1',
        `Host: ${new URL(url).host}`,
        `Authorization: Bearer ${SECRET}`,
        'Content-Type: application/json',
        'Content-Length: 1000',
        '',
        '{"name":"never fin',
      ].join('\r\n'),
    );
    // The server reads the body once the key is checked; then the client hangs up.
    await new Promise((wake) => setTimeout(wake, 300));
    socket.destroy();
    await waitForAborted('createWorkspace');

    expect(await requestsByStatus('createWorkspace')).toEqual({ '499': 1 });
    expect(logLines().filter((line) => line.level >= 50)).toEqual([]);
    expect(output().stderr).toBe('');
  });

  it('cut off by the 30 s request timeout: the body that stops coming is 499 aborted, not a 5xx', async () => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    await new Promise<void>((connected) => socket.once('connect', connected));
    socket.write(
      [
        'POST /openapi/v1/workspaces/create-workspaces/ HTTP/1.1',
        `Host: ${new URL(url).host}`,
        `Authorization: Bearer ${SECRET}`,
        'Content-Type: application/json',
        'Content-Length: 1000',
        '',
        '{"workspaces":[{"name":"slow',
      ].join('\r\n'),
    );
    // The client stays connected and sends nothing more: Node's request timeout ends the request.
    await closed;
    await waitForAborted('createWorkspaces');

    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(await requestsByStatus('createWorkspaces')).toEqual({ '499': 1 });
    expect(logLines().filter((line) => line.level >= 50)).toEqual([]);
    expect(output().stderr).toBe('');
  }, 60_000);
});
