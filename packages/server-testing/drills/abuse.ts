import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { randomSecret } from '@wsadmin/server-core';
import { SOCKET_TIMEOUTS } from '../../server/src/server';
import { type ServerProcess, startServerProcess } from './server-process';

/**
 * Abuse drills against `npm start` in a child process (production settings, SQLite file):
 * - `slow-sockets`: 2,000 sockets that connect and send nothing, or send headers one line a second
 *   and never finish (slowloris), or send a whole POST's headers and a tenth of its body, while a normal client calls `GET /openapi/v1/scopes/` on fresh
 *   connections: its latency, how soon the server drops the bad sockets, memory before and after.
 * - `hash-flood`: 50 account batches with passwords (scrypt, 128 MiB each) sent at once, while the
 *   normal client calls `GET /openapi/v1/scopes/`: its latency, peak and final memory.
 */

export interface Latency {
  count: number;
  p50: number;
  p99: number;
  max: number;
  failures: number;
}

export interface AbuseReport {
  drill: string;
  baseline: Latency;
  underAbuse: Latency;
  rssMiB: { start: number; peak: number; end: number };
  details: Record<string, unknown>;
  problems: string[];
}

/** One GET on a fresh connection (no keep-alive: a new client arriving), in milliseconds. */
function timedGet(url: string, key: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/openapi/v1/scopes/`,
      { agent: false, headers: { authorization: `Bearer ${key}` }, timeout: 10_000 },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(performance.now() - started)
            : reject(new Error(`HTTP ${res.statusCode}`)),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

/** Calls `GET /scopes/` every `pauseMs` while `keepGoing()` (and at least `atLeast` times). */
export async function measure(
  url: string,
  key: string,
  keepGoing: () => boolean,
  pauseMs: number,
  atLeast = 0,
) {
  const times: number[] = [];
  let failures = 0;
  while (keepGoing() || times.length + failures < atLeast) {
    try {
      times.push(await timedGet(url, key));
    } catch {
      failures++;
    }
    await new Promise((wake) => setTimeout(wake, pauseMs));
  }
  return summary(times, failures);
}

export function summary(times: number[], failures: number): Latency {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN) * 10) / 10;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: at(1), failures };
}

function sampler(server: ServerProcess) {
  let peak = server.rssMiB();
  const timer = setInterval(() => {
    peak = Math.max(peak, server.rssMiB());
  }, 100);
  return {
    peak: () => peak,
    stop: () => clearInterval(timer),
  };
}

const round = (mib: number) => Math.round(mib);
const pause = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

/** `wsadmin_http_requests_total` of `GET /metrics`, summed by status. */
async function answeredByStatus(url: string): Promise<Record<string, number>> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const byStatus: Record<string, number> = {};
  for (const match of text.matchAll(/^wsadmin_http_requests_total\{[^}]*status="(\d+)"[^}]*\} (\d+)/gm)) {
    const status = match[1] ?? '';
    byStatus[status] = (byStatus[status] ?? 0) + Number(match[2]);
  }
  return byStatus;
}

export async function runSlowSocketsDrill(options: {
  databaseUrl: string;
  sockets: number;
}): Promise<AbuseReport> {
  const key = `wsk_${randomSecret(24)}`;
  const server = await startServerProcess(options.databaseUrl, key, { env: { LOG_LEVEL: 'warn' } });
  const problems: string[] = [];
  try {
    const { hostname, port } = new URL(server.url);
    const baseline = await measure(server.url, key, () => false, 5, 200);
    const start = server.rssMiB();
    const memory = sampler(server);
    const sockets: Socket[] = [];
    let closedByServer = 0;
    const openedAt = performance.now();
    const closedAfter: number[] = [];
    for (let i = 0; i < options.sockets; i++) {
      const socket = connect(Number(port), hostname);
      socket.on('error', () => {});
      socket.on('close', () => {
        closedByServer++;
        closedAfter.push(performance.now() - openedAt);
      });
      const kind = i % 3;
      if (kind === 1) {
        socket.on('connect', () => socket.write('GET /openapi/v1/scopes/ HTTP/1.1\r\nHost: drill\r\n'));
        // One more header line a second, never the blank line that ends the headers.
        const drip = setInterval(
          () => !socket.destroyed && socket.write(`X-Slow-${Date.now()}: 1\r\n`),
          1_000,
        );
        socket.on('close', () => clearInterval(drip));
      } else if (kind === 2) {
        // Whole headers, then 10 of the 100 body bytes promised: the request timeout cuts it off.
        socket.on('connect', () =>
          socket.write(
            `POST /openapi/v1/workspaces/ HTTP/1.1\r\nHost: drill\r\nAuthorization: Bearer ${key}\r\n` +
              'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name": "',
          ),
        );
      }
      sockets.push(socket);
      if (i % 200 === 199) await pause(20);
    }
    const deadline = performance.now() + SOCKET_TIMEOUTS.headersTimeoutMs;
    // Measure while every bad socket is still open (before the headers timeout frees them).
    const underAbuse = await measure(server.url, key, () => performance.now() < deadline - 1_000, 20);
    // Then wait for the server to drop them.
    const gone = performance.now() + SOCKET_TIMEOUTS.requestTimeoutMs + 5_000;
    while (closedByServer < sockets.length && performance.now() < gone) await pause(200);
    memory.stop();
    for (const socket of sockets) socket.destroy();
    await pause(3_000);
    const end = server.rssMiB();
    closedAfter.sort((a, b) => a - b);
    const answered = await answeredByStatus(server.url);
    const serverErrors = Object.entries(answered)
      .filter(([status]) => status.startsWith('5'))
      .reduce((sum, [, count]) => sum + count, 0);
    if (serverErrors > 0) problems.push(`${serverErrors} answers counted as 5xx in /metrics`);
    if (underAbuse.failures > 0) problems.push(`${underAbuse.failures} normal requests failed under abuse`);
    if (closedByServer < sockets.length)
      problems.push(`${sockets.length - closedByServer} bad sockets still open after the headers timeout`);
    return {
      drill: 'slow-sockets',
      baseline,
      underAbuse,
      rssMiB: { start: round(start), peak: round(memory.peak()), end: round(end) },
      details: {
        sockets: sockets.length,
        idle: Math.ceil(sockets.length / 3),
        slowloris: Math.ceil((sockets.length - 1) / 3),
        bodyCutOff: Math.floor(sockets.length / 3),
        closedByServer,
        closedWithinMs: {
          first: Math.round(closedAfter[0] ?? Number.NaN),
          last: Math.round(closedAfter.at(-1) ?? Number.NaN),
        },
        timeouts: SOCKET_TIMEOUTS,
        metricsByStatus: answered,
      },
      problems,
    };
  } finally {
    await server.kill();
  }
}

export async function runHashFloodDrill(options: {
  databaseUrl: string;
  batches: number;
  accountsPerBatch: number;
  passwordConcurrency?: number;
}): Promise<AbuseReport> {
  const key = `wsk_${randomSecret(24)}`;
  const env: Record<string, string> = { LOG_LEVEL: 'warn' };
  if (options.passwordConcurrency) env.WSADMIN_PASSWORD_CONCURRENCY = String(options.passwordConcurrency);
  const server = await startServerProcess(options.databaseUrl, key, { env });
  const problems: string[] = [];
  try {
    const baseline = await measure(server.url, key, () => false, 5, 200);
    const start = server.rssMiB();
    const memory = sampler(server);
    let done = false;
    const started = performance.now();
    const flood = Promise.all(
      Array.from({ length: options.batches }, (_, batch) =>
        fetch(`${server.url}/openapi/v1/accounts/create-accounts/`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            accounts: Array.from({ length: options.accountsPerBatch }, (_, i) => ({
              username: `flood-${batch}-${i}`,
              password: `Password-${batch}-${i}`,
            })),
          }),
        }).then((response) => response.status),
      ),
    ).finally(() => {
      done = true;
    });
    const underAbuse = await measure(server.url, key, () => !done, 20);
    const statuses = await flood;
    const floodMs = performance.now() - started;
    memory.stop();
    await pause(3_000);
    const end = server.rssMiB();
    const failed = statuses.filter((status) => status !== 200).length;
    if (failed > 0) problems.push(`${failed} account batches failed`);
    if (underAbuse.failures > 0) problems.push(`${underAbuse.failures} normal requests failed under abuse`);
    return {
      drill: 'hash-flood',
      baseline,
      underAbuse,
      rssMiB: { start: round(start), peak: round(memory.peak()), end: round(end) },
      details: {
        batches: options.batches,
        passwords: options.batches * options.accountsPerBatch,
        passwordConcurrency: options.passwordConcurrency ?? 'default (2)',
        floodSeconds: Math.round(floodMs / 100) / 10,
      },
      problems,
    };
  } finally {
    await server.kill();
  }
}
