import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { collect, exitOf, waitFor } from '../src/processes';

/** An `npm start` process (or cluster) of a checkout, in production mode, for the scale benches. */
export interface ServerProcess {
  url: string;
  stop(): Promise<void>;
}

export async function startServerProcess(options: {
  repo: string;
  databaseUrl: string;
  secret: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    ['--conditions=@wsadmin/source', '--import', 'tsx', 'packages/server/src/bin/start.ts'],
    {
      cwd: options.repo,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        HOST: '127.0.0.1',
        PORT: '0',
        DATABASE_URL: options.databaseUrl,
        WSADMIN_BOOTSTRAP_KEY: options.secret,
        ...options.env,
      },
      stdio: 'pipe',
    },
  );
  const output = collect(child);
  const exited = exitOf(child);
  const { stdout } = await waitFor(
    output,
    (o) => /server on http:\/\/\S+/.test(o.stdout) || child.exitCode !== null,
    90_000,
  );
  const url = /server on (http:\/\/\S+)/.exec(stdout)?.[1];
  if (!url) throw new Error(`the server did not start:\n${output().stderr}`);
  return {
    url,
    // SIGTERM, so a cluster's primary stops its workers; SIGKILL if it hangs.
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export async function newWorkspace(server: ServerProcess, secret: string, name: string): Promise<number> {
  const response = await fetch(`${server.url}/openapi/v1/workspaces/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** CPU time of the whole machine, from /proc/stat: busy and total jiffies. */
export function cpuTimes(): { busy: number; total: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/** Busy share of the machine's CPU between two readings, in percent. */
export function cpuPercent(before: ReturnType<typeof cpuTimes>, after: ReturnType<typeof cpuTimes>): number {
  return (100 * (after.busy - before.busy)) / Math.max(1, after.total - before.total);
}
