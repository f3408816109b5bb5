import { errorEnvelope, successEnvelope } from '@wsadmin/contract';
import type { Hono } from 'hono';
import { migrations } from '../storage/migrations';
import { schemaVersion } from '../storage/schema-version';
import type { Storage } from '../storage/storage';
import { factsOf } from './request-report';

// Envelopes like every other answer, so one client-side parser reads them all.
const ok = successEnvelope({ status: 'ok' }, true);
const unavailable = (errmsg: string) => errorEnvelope(503, errmsg, 'unavailable');

const LATEST_MIGRATION = Math.max(...migrations.map((migration) => migration.version));

/** What `GET /readyz` also consults and tells, besides the database. */
export interface Readiness {
  /** True from SIGTERM on: the load balancer should stop routing here while the server drains. */
  shuttingDown?: () => boolean;
  /**
   * Called when the answer changes between ready and not (a database outage begins or ends), not
   * per probe: a log line per change rather than one per failing probe. The first answer counts as
   * a change only when it is `not ready`.
   */
  onChange?: (ready: boolean, reason: string) => void;
}

/**
 * `GET /healthz`: the process answers (liveness; never touches the database, so an outage does not
 * get every process restarted). `GET /readyz`: the database answers and has every migration of
 * this build (readiness; 503 otherwise, so a load balancer stops sending traffic). No key needed:
 * probes carry none, and neither answer says more than up or down.
 */
export function registerHealth(app: Hono, storageNow: () => Storage, readiness: Readiness = {}): void {
  let wasReady = true;
  const answer = (ready: boolean, reason: string) => {
    if (ready !== wasReady) readiness.onChange?.(ready, reason);
    wasReady = ready;
  };
  app.get('/healthz', (c) => {
    factsOf(c.req.raw).route = '/healthz';
    return c.json(ok);
  });
  app.get('/readyz', async (c) => {
    factsOf(c.req.raw).route = '/readyz';
    // Not a change of the database's state: a draining server says so without touching it, and
    // also when the drain began while the database answered (no 200 once it has begun).
    const draining = () => c.json(unavailable('not ready: the server is shutting down'), 503);
    if (readiness.shuttingDown?.()) return draining();
    try {
      const version = await schemaVersion(storageNow().db);
      if (readiness.shuttingDown?.()) return draining();
      if (version < LATEST_MIGRATION) {
        const why = `not ready: the database schema is at version ${version}, this build needs ${LATEST_MIGRATION}`;
        answer(false, why);
        return c.json(unavailable(why), 503);
      }
      answer(true, 'ready');
      return c.json(ok);
    } catch {
      // The cause stays out of the answer (and the log line): it may name hosts or users of the database.
      const why = 'not ready: the database is unreachable';
      answer(false, why);
      return c.json(unavailable(why), 503);
    }
  });
}
