import cluster, { type Worker } from 'node:cluster';
import { CLOSE_GRACE_MS, errorFields, printBanner } from '@wsadmin/server-core/server-kit';
import type { ServerConfig } from '../config';
import { createLogger } from '../operations/logger';
import { isMessage, type WorkerMessage } from './messages';
import { answerMetricsRequests } from './metrics';
import { ensureKeyOnce, prepareDatabase } from './prepare';

/** A worker that lived this long before dying starts the back-off over. */
const STABLE_MS = 30_000;
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 30_000;
/**
 * After SIGTERM, the primary waits for its workers as long as each may take (the drain deadline,
 * then the time to close the database) and this much more; any still running then is killed.
 */
const KILL_MARGIN_MS = 2_000;

/**
 * When to replace a worker that died after `livedMs`, having followed `crashes` quick deaths in a
 * row: 250 ms, doubling per further quick death up to 30 s; a worker that lived 30 s starts over.
 */
export function restartDelay(crashes: number, livedMs: number): { crashes: number; delayMs: number } {
  const next = livedMs >= STABLE_MS ? 1 : crashes + 1;
  return { crashes: next, delayMs: Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (next - 1)) };
}

interface Slot {
  worker: Worker;
  startedAt: number;
  /** Deaths in a row, each within STABLE_MS of its start. */
  crashes: number;
  listening: boolean;
}

/**
 * `WSADMIN_WORKERS=N > 1`: this process migrates the database (once, before any worker starts),
 * forks N workers that share the port (node:cluster, round-robin), once they all listen makes sure
 * the bootstrap key exists and prints the banner, restarts a worker that dies (with
 * exponential back-off), and on SIGTERM/SIGINT has them all drain and exits 0 once they have.
 */
export async function runPrimary(config: ServerConfig): Promise<void> {
  // One write per line, as the workers': they share stdout, and whole lines stay whole.
  const logger = createLogger({ level: config.logLevel, format: config.logFormat, sync: true });
  const lifecycle = logger.child({}, { level: 'info' });
  const prepared = await prepareDatabase(config);
  answerMetricsRequests();
  const slots: Slot[] = [];
  const restarts = new Set<NodeJS.Timeout>();
  let ready = false;
  let shuttingDown = false;
  let failed = false;

  const fork = (index: number, replaces?: number) => {
    const worker = cluster.fork();
    const slot: Slot = {
      worker,
      startedAt: Date.now(),
      crashes: slots[index]?.crashes ?? 0,
      listening: false,
    };
    slots[index] = slot;
    worker.on('message', (message: unknown) => {
      if (!isMessage<WorkerMessage & { type: 'wsadmin:listening' }>(message, 'wsadmin:listening')) return;
      slot.listening = true;
      if (replaces !== undefined) {
        logger.warn(
          { worker: worker.process.pid, replaces },
          `worker ${worker.process.pid} started in place of worker ${replaces}`,
        );
      }
      if (!ready && slots.length === config.workers && slots.every((each) => each.listening)) {
        ready = true;
        ensureKeyOnce(config).then(
          (createdKeySecret) =>
            printBanner(
              {
                url: message.url,
                location: prepared.location,
                runtime: `Node ${process.versions.node}`,
                createdKeySecret,
                testClock: config.testClock,
                workerPids: slots.map((each) => each.worker.process.pid ?? 0),
              },
              config.logFormat === 'json' ? lifecycle : undefined,
            ),
          (error: unknown) => {
            logger.error(errorFields(error), 'could not make sure the bootstrap key exists');
            failed = true;
            shutdown();
          },
        );
      }
    });
    worker.on('exit', (code, signal) => {
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (shuttingDown) {
        // A worker still starting dies of the forwarded SIGTERM before its handler exists: not a failure.
        if (code !== 0 && !(signal === 'SIGTERM' && !slot.listening)) failed = true;
        if (slots.every((each) => each.worker.isDead())) process.exit(failed ? 1 : 0);
        return;
      }
      if (!ready) {
        // A worker that cannot start (port taken, database refused) would fail again at once.
        logger.error(
          { worker: worker.process.pid, code, signal },
          `worker ${worker.process.pid} exited during start (${how}); stopping`,
        );
        failed = true;
        shutdown();
        return;
      }
      const next = restartDelay(slot.crashes, Date.now() - slot.startedAt);
      slot.crashes = next.crashes;
      const delay = next.delayMs;
      logger.error(
        { worker: worker.process.pid, code, signal, restartInMs: delay },
        `worker ${worker.process.pid} exited unexpectedly (${how}); starting another in ${delay} ms`,
      );
      const timer = setTimeout(() => {
        restarts.delete(timer);
        if (!shuttingDown) fork(index, worker.process.pid);
      }, delay);
      restarts.add(timer);
    });
  };

  const shutdown = (signal?: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    if (signal) lifecycle.info({ signal, drainSeconds: config.drainSeconds }, 'shutting down: draining');
    for (const timer of restarts) clearTimeout(timer);
    const running = slots.filter((slot) => !slot.worker.isDead());
    if (running.length === 0) process.exit(failed ? 1 : 0);
    // Each worker drains (Connection: close, idle connections closed, answers finished) and exits 0.
    for (const slot of running) slot.worker.process.kill('SIGTERM');
    const waitMs = config.drainSeconds * 1000 + CLOSE_GRACE_MS + KILL_MARGIN_MS;
    setTimeout(() => {
      const left = slots.filter((slot) => !slot.worker.isDead());
      for (const slot of left) slot.worker.process.kill('SIGKILL');
      logger.error(
        { workers: left.map((slot) => slot.worker.process.pid) },
        `workers still running ${waitMs} ms after ${signal ?? 'the stop'}; killed`,
      );
      process.exit(1);
    }, waitMs).unref();
  };

  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => shutdown(signal));
  for (let index = 0; index < config.workers; index++) fork(index);
}
