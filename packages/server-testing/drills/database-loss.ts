import type { ThrowawayPostgres } from '../src/postgres';
import { withStorage } from './crash';
import { checkOverHttp, checkStoredState, type RetryOutcome, type StoredState } from './integrity';
import { startServerProcess } from './server-process';
import { call, createWorkspace, writeLoad } from './write-load';

/**
 * Database-loss drill: PostgreSQL restarts (`pg_ctl restart -m fast`: every connection is dropped,
 * then the server accepts again) while the reference server takes reads, commits and workspace
 * batches. Meanwhile every failure must be the 503 "unavailable" envelope; afterwards the server
 * must serve again by itself, and no acknowledged write may be lost.
 */

export interface DatabaseLossOptions {
  postgres: ThrowawayPostgres;
  databaseUrl: string;
  /** Length of the load. */
  loadMs: number;
  /** When, after the load starts, PostgreSQL restarts. */
  restartAtMs: number;
  commitWorkers: number;
  batchWorkers: number;
  readWorkers: number;
}

export interface DatabaseLossReport {
  statuses: Record<string, number>;
  /** How long the restart command took, and when failures were seen (ms since the load started). */
  restart: { startedMs: number; endedMs: number };
  failures: { firstMs: number; lastMs: number } | null;
  /** From the end of the restart to the first success after the last failure. */
  recoveryMs: number | null;
  acked: number;
  unanswered: number;
  stuckRetries: number;
  /** What the server logged about the outage (one line per error). */
  serverLog: string[];
  afterLoad: StoredState;
  retries: RetryOutcome;
  problems: string[];
}

export async function runDatabaseLossDrill(options: DatabaseLossOptions): Promise<DatabaseLossReport> {
  const secret = `wsk_dbloss_${Date.now()}`;
  const server = await startServerProcess(options.databaseUrl, secret);
  try {
    const prefix = `dbloss-${Date.now().toString(36)}`;
    const workspaceId = await createWorkspace(server.url, secret, prefix);
    const started = performance.now();
    const restart = { startedMs: 0, endedMs: 0 };
    const restarting = new Promise<void>((resolve, reject) =>
      setTimeout(() => {
        restart.startedMs = performance.now() - started;
        options.postgres.restart().then(() => {
          restart.endedMs = performance.now() - started;
          resolve();
        }, reject);
      }, options.restartAtMs),
    );
    const log = await writeLoad({
      url: server.url,
      secret,
      workspaceId,
      prefix,
      commitWorkers: options.commitWorkers,
      batchWorkers: options.batchWorkers,
      readWorkers: options.readWorkers,
      running: () => performance.now() - started < options.loadMs,
      retryUnavailable: true,
    });
    await restarting;

    const problems = [
      ...log.badFailures.map((failure) => `not the 503 envelope: ${failure}`),
      ...log.unexpected,
    ];
    const failed = log.timeline.filter(([, status]) => status !== 200);
    const failures =
      failed.length > 0 ? { firstMs: failed[0]?.[0] ?? 0, lastMs: failed.at(-1)?.[0] ?? 0 } : null;
    const recovered = log.timeline.find(
      ([at, status]) => status === 200 && at > (failures?.lastMs ?? restart.endedMs),
    );
    const recoveryMs = recovered ? Math.max(0, recovered[0] - restart.endedMs) : null;
    if (recovered === undefined) problems.push('no request succeeded after the restart during the load');
    const scope = await call(server.url, secret, 'GET', '/openapi/v1/scopes/');
    if (scope.status !== 200)
      problems.push(`after the load the server answers ${scope.status}: ${scope.body.errmsg}`);

    const afterLoad = await withStorage(options.databaseUrl, (db) => checkStoredState(db, workspaceId, log));
    const retries = await checkOverHttp(server.url, secret, workspaceId, log);
    problems.push(...afterLoad.problems, ...retries.problems);
    if (log.acked.length === 0) problems.push('no commit was acknowledged: the drill proved nothing');
    return {
      statuses: log.statuses,
      restart,
      failures,
      recoveryMs,
      acked: log.acked.length,
      unanswered: log.unanswered.length,
      stuckRetries: log.stuckRetries,
      // The warnings and errors besides the requests' own lines: outages, lost connections.
      serverLog: server
        .records()
        .filter((record) => record.level >= 40 && record.requestId === undefined)
        .map((record) => JSON.stringify(record)),
      afterLoad,
      retries,
      problems,
    };
  } finally {
    await server.kill();
  }
}
