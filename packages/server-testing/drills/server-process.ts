import { readFileSync } from 'node:fs';
import {
  collect,
  exitOf,
  type LogRecord,
  logRecords,
  spawnTsx,
  startupRecord,
  stop,
  waitFor,
} from '../src/processes';

/** `npm start` as a child process: the reference server the drills crash, starve and flood. */
export interface ServerProcess {
  url: string;
  pid: number;
  /** What the server wrote to stderr so far (only a start-up failure goes there). */
  stderr(): string;
  /** The server's stdout so far, one JSON record per line (internal errors and outages among them). */
  records(): LogRecord[];
  /** kill -9: no shutdown handler runs, open transactions are cut where they are. */
  kill(): Promise<void>;
  /** Resident memory of the process, in MiB (Linux /proc). */
  rssMiB(): number;
}

export const START_SCRIPT = 'packages/server/src/bin/start.ts';

/**
 * Starts the server on a free port with production settings, and waits until it serves.
 * `testClock` serves POST /__test__/clock/, so a drill can let time pass without waiting.
 */
export async function startServerProcess(
  databaseUrl: string,
  secret: string,
  options: { testClock?: boolean; env?: Record<string, string> } = {},
): Promise<ServerProcess> {
  const child = spawnTsx(START_SCRIPT, [], {
    DATABASE_URL: databaseUrl,
    PORT: '0',
    WSADMIN_BOOTSTRAP_KEY: secret,
    NODE_ENV: 'production',
    ...(options.testClock ? { WSADMIN_TEST_CLOCK: '1' } : {}),
    ...options.env,
  });
  const output = collect(child);
  const exited = exitOf(child);
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const { stdout } = await waitFor(
    output,
    (seen) => gone || startupRecord(seen.stdout) !== undefined,
    30_000,
  ).catch((error: Error) => {
    void stop(child);
    throw new Error(`the server did not start: ${error.message}`);
  });
  const url = startupRecord(stdout)?.url;
  if (!url || child.pid === undefined) {
    throw new Error(`the server did not start:\n${output().stdout}\n${output().stderr}`);
  }
  const pid = child.pid;
  return {
    url,
    pid,
    stderr: () => output().stderr,
    records: () => logRecords(output().stdout),
    kill: () => stop(child),
    rssMiB() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
    },
  };
}
