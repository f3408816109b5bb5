import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMemoryStorage } from '../storage/memory';
import type { Storage } from '../storage/storage';
import type { AppEnv } from './app-env';
import { LIVENESS_PATH, liveness, READINESS_PATH, readiness } from './health';

let storage: Storage;
beforeAll(async () => {
  storage = await openMemoryStorage();
});
afterAll(() => storage.close());

/** The two probes behind a middleware that sets the facts, as the app's outermost one does, and reads them back. */
function probes(storageNow: () => Storage, shuttingDown = () => false) {
  const routes: Array<string | undefined> = [];
  const app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('facts', {});
      await next();
      routes.push(c.get('facts').route);
    })
    .get(LIVENESS_PATH, liveness)
    .get(READINESS_PATH, readiness(storageNow, { shuttingDown }));
  return { probe: (path: string) => app.request(`http://wsadmin.test${path}`), routes };
}

describe('liveness and readiness', () => {
  it('name their routes in the request facts', async () => {
    const { probe, routes } = probes(() => storage);
    expect((await probe('/healthz')).status).toBe(200);
    expect((await probe('/readyz')).status).toBe(200);
    expect(routes).toEqual(['/healthz', '/readyz']);
  });

  it('liveness answers without asking for the storage; readiness does, and says it is unreachable', async () => {
    const { probe } = probes(() => {
      throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    });
    expect((await probe('/healthz')).status).toBe(200);
    const ready = await probe('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ errmsg: 'not ready: the database is unreachable' });
  });

  it('readiness answers 503 while shutting down, without touching the database', async () => {
    let asked = 0;
    const { probe } = probes(
      () => {
        asked++;
        return storage;
      },
      () => true,
    );
    const ready = await probe('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ errmsg: 'not ready: the server is shutting down' });
    expect(asked).toBe(0);
  });
});
