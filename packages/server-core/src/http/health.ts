import { errorEnvelope, successEnvelope } from '@wsadmin/contract';
import type { Handler } from 'hono';
import { migrations } from '../storage/migrations';
import { schemaVersion } from '../storage/schema-version';
import type { Storage } from '../storage/storage';
import type { AppEnv } from './app-env';

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

export const LIVENESS_PATH = '/healthz';
export const READINESS_PATH = '/readyz';

/**
 * `GET /healthz`: the process answers (liveness; never touches the database, so an outage does not
 * get every process restarted). No key needed: probes carry none, and the answer says no more than up.
 */
export const liveness: Handler<AppEnv> = (c) => {
  c.get('facts').route = LIVENESS_PATH;
  return c.json(ok);
};

/**
 * `GET /readyz`: the database answers and has every migration of this build (readiness; 503
 * otherwise, so a load balancer stops sending traffic), and the server is not shutting down. No key
 * needed, as for liveness.
 */
export function readiness(storageNow: () => Storage, hooks: Readiness = {}): Handler<AppEnv> {
  let wasReady = true;
  const answer = (ready: boolean, reason: string) => {
    if (ready !== wasReady) hooks.onChange?.(ready, reason);
    wasReady = ready;
  };
  return async (c) => {
    c.get('facts').route = READINESS_PATH;
    // Not a change of the database's state: a draining server says so without touching it, and
    // also when the drain began while the database answered (no 200 once it has begun).
    const draining = () => c.json(unavailable('not ready: the server is shutting down'), 503);
    if (hooks.shuttingDown?.()) return draining();
    try {
      const version = await schemaVersion(storageNow().db);
      if (hooks.shuttingDown?.()) return draining();
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
  };
}
