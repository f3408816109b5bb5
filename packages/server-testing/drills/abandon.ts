import { readFileSync } from 'node:fs';
import { randomSecret } from '@wsadmin/server-core';
import { type ServerProcess, startServerProcess } from './server-process';

/**
 * Clients that leave (issue 20): `batches` clients each send a `create-accounts` batch of
 * `passwords` accounts with passwords and hang up after `hangUpMs`. Measured afterwards: how much
 * CPU the server still burns (it should stop hashing for clients that left), whether any of the
 * abandoned accounts were saved (none should be), and how long one legitimate password create takes.
 */

export interface AbandonReport {
  drill: 'abandoned-batches';
  batches: number;
  passwordsPerBatch: number;
  hangUpMs: number;
  /** Server CPU time (user + system) in each of the seconds after the last client hung up. */
  cpuMsPerSecondAfter: number[];
  /** Accounts that exist after the drill (all of them came from abandoned batches). */
  accountsSaved: number;
  /** One create with a password, sent right after the clients left. */
  legitimateCreateMs: number;
  problems: string[];
}

const CLOCK_TICKS_PER_SECOND = 100;
const pause = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

/** utime + stime of a Linux process, in milliseconds (fields 14 and 15 of /proc/<pid>/stat). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

function post(server: ServerProcess, key: string, path: string, body: unknown, signal?: AbortSignal) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
}

export async function runAbandonDrill(options: {
  databaseUrl: string;
  batches: number;
  passwords: number;
  hangUpMs: number;
}): Promise<AbandonReport> {
  const key = `wsk_${randomSecret(24)}`;
  const server = await startServerProcess(options.databaseUrl, key, { env: { LOG_LEVEL: 'warn' } });
  const problems: string[] = [];
  try {
    const sent = Array.from({ length: options.batches }, (_, batch) =>
      post(
        server,
        key,
        '/openapi/v1/accounts/create-accounts/',
        {
          accounts: Array.from({ length: options.passwords }, (_, i) => ({
            username: `abandoned-${batch}-${i}`,
            password: `Password-${batch}-${i}`,
          })),
        },
        AbortSignal.timeout(options.hangUpMs),
      ).then(
        (response) => response.status,
        () => 'hung up' as const,
      ),
    );
    const outcomes = await Promise.all(sent);
    const answered = outcomes.filter((outcome) => outcome !== 'hung up');
    if (answered.length > 0) problems.push(`${answered.length} batches were answered before the hang-up`);

    const cpuMsPerSecondAfter: number[] = [];
    let before = cpuMs(server.pid);
    for (let second = 0; second < 5; second++) {
      await pause(1_000);
      const now = cpuMs(server.pid);
      cpuMsPerSecondAfter.push(Math.round(now - before));
      before = now;
    }
    // Idle is a few ms a second (timers, the task round); a hashing server burns 500-1,000.
    if ((cpuMsPerSecondAfter[1] ?? 0) > 100)
      problems.push(
        `the server still burns ${cpuMsPerSecondAfter[1]} ms of CPU a second after the clients left`,
      );

    const started = performance.now();
    const created = await post(server, key, '/openapi/v1/accounts/', {
      username: 'legitimate',
      password: 'Password-legitimate',
    });
    const legitimateCreateMs = Math.round(performance.now() - started);
    if (created.status !== 200) problems.push(`the legitimate create answered ${created.status}`);

    const list = await fetch(`${server.url}/openapi/v1/accounts/`, {
      headers: { authorization: `Bearer ${key}` },
    });
    const { data } = (await list.json()) as { data: Array<{ username: string }> };
    const accountsSaved = data.filter((account) => account.username.startsWith('abandoned-')).length;
    if (accountsSaved > 0) problems.push(`${accountsSaved} accounts of abandoned batches were saved`);

    return {
      drill: 'abandoned-batches',
      batches: options.batches,
      passwordsPerBatch: options.passwords,
      hangUpMs: options.hangUpMs,
      cpuMsPerSecondAfter,
      accountsSaved,
      legitimateCreateMs,
      problems,
    };
  } finally {
    await server.kill();
  }
}
