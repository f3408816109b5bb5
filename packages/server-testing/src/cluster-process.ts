import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { request } from 'node:http';
import { collect, exitOf, logRecords, spawnBundled, startupRecord, waitFor } from './processes';

/**
 * Test helper: `npm start` with WSADMIN_WORKERS (its bundle, as the build ships it: the primary and
 * each worker would compile the sources through tsx), its banner and the JSON lines its workers log.
 */
export interface ClusterProcess {
  child: ChildProcessWithoutNullStreams;
  url: string;
  /** Current workers; a test that replaces one updates it. */
  workerPids: number[];
  output(): { stdout: string; stderr: string };
  exited: ReturnType<typeof exitOf>;
  /** pid of the worker that logged each request id. */
  requestPids(): Map<string, number>;
}

export async function startCluster(env: Record<string, string>): Promise<ClusterProcess> {
  const child = await spawnBundled('packages/server/src/bin/start.ts', [], { PORT: '0', ...env });
  const output = collect(child);
  const exited = exitOf(child);
  const { stdout } = await waitFor(
    output,
    (seen) => startupRecord(seen.stdout)?.workers !== undefined || child.exitCode !== null,
    60_000,
  );
  const banner = startupRecord(stdout);
  const url = banner?.url;
  const pids = banner?.workers;
  if (!url || !pids) throw new Error(`no cluster banner:\n${stdout}\n${output().stderr}`);
  return {
    child,
    url,
    workerPids: pids,
    output,
    exited,
    requestPids() {
      const pairs = logRecords(output().stdout)
        .filter((record) => record.msg === 'request')
        .map((record) => [String(record.requestId), record.pid ?? 0] as const);
      return new Map(pairs);
    },
  };
}

export interface Answer {
  status: number;
  requestId: string;
  body: { errcode: number; errmsg: string; data?: unknown };
}

/**
 * One request on a connection of its own (no keep-alive pool): the cluster hands out connections
 * round-robin, so requests on one kept-alive connection would all reach one worker.
 */
export function send(
  url: string,
  method: string,
  path: string,
  options: { key?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  if (options.body !== undefined) headers['content-type'] ??= 'application/json';
  return new Promise((resolve, reject) => {
    const outgoing = request(`${url}${path}`, { method, headers, agent: false }, (incoming) => {
      let text = '';
      incoming.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
      });
      incoming.on('end', () =>
        resolve({
          status: incoming.statusCode ?? 0,
          requestId: String(incoming.headers['x-request-id'] ?? ''),
          body: JSON.parse(text) as Answer['body'],
        }),
      );
    });
    outgoing.once('error', reject);
    outgoing.end(options.body === undefined ? undefined : JSON.stringify(options.body));
  });
}

/** True while a process with this pid exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
