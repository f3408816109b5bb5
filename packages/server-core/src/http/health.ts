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

/**
 * `GET /healthz`: the process answers (liveness; never touches the database, so an outage does not
 * get every process restarted). `GET /readyz`: the database answers and has every migration of
 * this build (readiness; 503 otherwise, so a load balancer stops sending traffic). No key needed:
 * probes carry none, and neither answer says more than up or down.
 */
export function registerHealth(app: Hono, storageNow: () => Storage): void {
  app.get('/healthz', (c) => {
    factsOf(c.req.raw).route = '/healthz';
    return c.json(ok);
  });
  app.get('/readyz', async (c) => {
    factsOf(c.req.raw).route = '/readyz';
    try {
      const version = await schemaVersion(storageNow().db);
      if (version < LATEST_MIGRATION) {
        return c.json(
          unavailable(
            `not ready: the database schema is at version ${version}, this build needs ${LATEST_MIGRATION}`,
          ),
          503,
        );
      }
      return c.json(ok);
    } catch {
      // The cause stays out of the answer: it may name hosts or users of the database.
      return c.json(unavailable('not ready: the database is unreachable'), 503);
    }
  });
}
