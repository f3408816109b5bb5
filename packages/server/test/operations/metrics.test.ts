import { openMemoryStorage, type Storage } from '@wsadmin/server-core';
import { seedRefreshTasks } from '@wsadmin/server-testing/refresh-tasks';
import parsePrometheus from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics } from '../../src/operations/metrics';

let storage: Storage;
beforeAll(async () => {
  storage = await openMemoryStorage({ now: () => new Date('2026-11-22T00:00:00Z') });
});
afterAll(() => storage.close());

async function families(metrics: ReturnType<typeof createMetrics>) {
  const parsed = parsePrometheus(await metrics.registry.metrics());
  return new Map(parsed.map((family) => [family.name, family]));
}
const stateValue = (
  family: { metrics: Array<{ labels?: Record<string, string>; value?: string }> } | undefined,
  state: string,
) => Number(family?.metrics.find((m) => m.labels?.state === state)?.value);

describe('metrics of the database', () => {
  it('report the pool (PostgreSQL) as read at scrape time', async () => {
    let stats = { total: 10, idle: 7, waiting: 0 };
    const metrics = createMetrics(storage, () => stats);
    let pool = (await families(metrics)).get('wsadmin_db_pool_connections');
    expect(pool?.type).toBe('GAUGE');
    expect([stateValue(pool, 'total'), stateValue(pool, 'idle'), stateValue(pool, 'waiting')]).toEqual([
      10, 7, 0,
    ]);
    stats = { total: 10, idle: 0, waiting: 4 };
    pool = (await families(metrics)).get('wsadmin_db_pool_connections');
    expect([stateValue(pool, 'idle'), stateValue(pool, 'waiting')]).toEqual([0, 4]);
  });

  it('has no pool metric without a pool (SQLite)', async () => {
    expect((await families(createMetrics(storage))).has('wsadmin_db_pool_connections')).toBe(false);
  });

  it('counts refresh tasks by state from the database', async () => {
    await seedRefreshTasks(storage, new Date('2026-11-22T00:00:00Z'), ['scheduled', 'done', 'done']);
    const tasks = (await families(createMetrics(storage))).get('wsadmin_refresh_tasks');
    expect(tasks?.type).toBe('GAUGE');
    expect([stateValue(tasks, 'scheduled'), stateValue(tasks, 'done')]).toEqual([1, 2]);
  });
});
