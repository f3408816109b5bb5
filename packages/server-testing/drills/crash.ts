import { openStorageFromUrl } from '@wsadmin/server';
import type { Schema } from '@wsadmin/server-core';
import type { Kysely } from 'kysely';
import { checkOverHttp, checkStoredState, type RetryOutcome, type StoredState } from './integrity';
import { type ServerProcess, startServerProcess } from './server-process';
import { createWorkspace, writeLoad } from './write-load';

/**
 * Crash drill: the server (`npm start`, a child process) takes a write load of management commits
 * and workspace batches, is killed with SIGKILL in the middle of it, and restarts on the same
 * database. Every acknowledged write must be there, nothing may be half applied, and every commit
 * left without an answer must succeed when the client sends it again with its Idempotency-Key.
 */

export interface CrashOptions {
  databaseUrl: string;
  /** Kill this long after the load starts. */
  killAfterMs: number;
  commitWorkers: number;
  batchWorkers: number;
}

export interface CrashReport {
  acked: number;
  ackedBatches: number;
  unanswered: number;
  unansweredBatches: number;
  /** The database right after the kill, before any retry. */
  afterKill: StoredState;
  retries: RetryOutcome;
  /** The database after the retries. */
  afterRetries: StoredState;
  unexpected: string[];
  /** Everything that broke a rule; empty when the drill passed. */
  problems: string[];
}

export async function runCrashDrill(options: CrashOptions): Promise<CrashReport> {
  const secret = `wsk_crash_${Date.now()}`;
  let server: ServerProcess | undefined = await startServerProcess(options.databaseUrl, secret);
  try {
    const prefix = `crash-${Date.now().toString(36)}`;
    const workspaceId = await createWorkspace(server.url, secret, prefix);
    let killed = false;
    const victim = server;
    const killing = new Promise<void>((resolve) =>
      setTimeout(() => {
        killed = true;
        victim.kill().then(resolve, resolve);
      }, options.killAfterMs),
    );
    const log = await writeLoad({
      url: server.url,
      secret,
      workspaceId,
      prefix,
      commitWorkers: options.commitWorkers,
      batchWorkers: options.batchWorkers,
      running: () => !killed,
    });
    await killing;
    server = undefined;

    const afterKill = await withStorage(options.databaseUrl, (db) => checkStoredState(db, workspaceId, log));
    // A production server: the Idempotency-Key of a request that died is free at once (no clock moves).
    server = await startServerProcess(options.databaseUrl, secret);
    const retries = await checkOverHttp(server.url, secret, workspaceId, log);
    const afterRetries = await withStorage(options.databaseUrl, (db) =>
      checkStoredState(db, workspaceId, log),
    );
    const problems = [
      ...afterKill.problems,
      ...retries.problems,
      ...afterRetries.problems,
      ...log.unexpected,
    ];
    if (log.acked.length === 0)
      problems.push('no commit was acknowledged before the kill: the drill proved nothing');
    if (afterRetries.abandonedClaims > 0)
      problems.push(`${afterRetries.abandonedClaims} Idempotency-Keys still claimed by a request that died`);
    return {
      acked: log.acked.length,
      ackedBatches: log.ackedBatches.length,
      unanswered: log.unanswered.length,
      unansweredBatches: log.unansweredBatches.length,
      afterKill,
      retries,
      afterRetries,
      unexpected: log.unexpected,
      problems,
    };
  } finally {
    await server?.kill();
  }
}

/** Reads the database directly, as the server would see it on its next start. */
export async function withStorage<T>(
  databaseUrl: string,
  work: (db: Kysely<Schema>) => Promise<T>,
): Promise<T> {
  const storage = await openStorageFromUrl(databaseUrl, () => new Date());
  try {
    return await work(storage.db);
  } finally {
    await storage.close();
  }
}
