import type { TaskRunner } from '../context';
import type { Storage } from '../storage/storage';
import { isStorageUnavailable } from '../storage/unavailable';
import { processDueTasks } from './refresh-tasks';

/** What the timer has to say: a log line's level, message and the error behind it. */
export type TaskTimerReport = (level: 'info' | 'warn' | 'error', message: string, error?: unknown) => void;

/** The timer that runs due refresh tasks; `stop` waits for the round under way. */
export interface TaskTimer {
  stop(): Promise<void>;
}

/**
 * Refresh tasks also run when nobody asks: every `everyMs` a round claims the due tasks (each by
 * one runner only). One round at a time, and one line per database outage rather than one per
 * round. Used by every runtime's long-running server (Workers run a round per cron trigger).
 */
export function startTaskTimer(
  storage: Storage,
  now: () => Date,
  runner: TaskRunner,
  report: TaskTimerReport,
  everyMs = 250,
): TaskTimer {
  let round: Promise<void> | undefined;
  let databaseDown = false;
  const timer = setInterval(() => {
    if (round) return;
    round = processDueTasks(storage, now(), runner)
      .then(() => {
        if (databaseDown) report('info', 'database reachable again: refresh tasks run');
        databaseDown = false;
      })
      .catch((error) => {
        const unavailable = isStorageUnavailable(error);
        if (!unavailable) report('error', 'refresh task failed', error);
        else if (!databaseDown) report('warn', 'database unavailable: refresh tasks wait', error);
        databaseDown = unavailable;
      })
      .finally(() => {
        round = undefined;
      });
  }, everyMs);
  // Deno's timers are numbers; Node's and Bun's hold the process open unless unref'd.
  (timer as { unref?: () => void }).unref?.();
  return {
    async stop() {
      clearInterval(timer);
      await round;
    },
  };
}
