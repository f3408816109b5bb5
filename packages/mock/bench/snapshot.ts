/**
 * What a snapshot costs: restoring one of a workspace with 1,000 dimensions (target: at most 5 ms,
 * issue 41), beside `reset()` of the same mock (which must not get slower than before snapshots
 * held the clock), `snapshot()` itself, and the size of its JSON. Median (and range) of RUNS
 * calls each, after a warm-up; each call timed alone, in phases (reset, restore, snapshot), so one
 * call's garbage does not land in another's figure:
 *   node --conditions=@wsadmin/source --import tsx packages/mock/bench/snapshot.ts   (npm run bench:mock-snapshot)
 * On a version without `{ format }` snapshots only `reset()` is timed (for the figure before).
 */
import { createMock, MOCK_KEY, type MockSnapshot } from '@wsadmin/mock/node';

const RUNS = Number(process.env.RUNS ?? 200);
const ROWS = 1000;

const scenario = {
  startAt: '2030-01-01T00:00:00.000Z',
  seed: {
    workspaces: [
      {
        name: 'Large',
        dimensions: Array.from({ length: ROWS }, (_, i) => ({
          type: 'string' as const,
          format: 'text' as const,
          names: [`dimension_${i}`],
        })),
      },
    ],
  },
};
const mock = createMock(scenario);
// The journal's change capture is set up at the first request after a reset, so a reset and one
// call are timed on this mock and on one without the journal: their difference is that set-up.
const unjournaled = createMock({ ...scenario, journal: false });
await Promise.all([mock.ready(), unjournaled.ready()]);
const createAfterReset = (on: typeof mock) => async () => {
  await on.reset();
  // Through mock.fetch, as the app's calls come (mock.client's calls are not journaled).
  const answer = await on.fetch(
    new Request(`${on.baseUrl}/openapi/v1/workspaces/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${MOCK_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'After reset' }),
    }),
  );
  if (answer.status !== 200) throw new Error(`create after reset: ${answer.status}`);
};
const snapshot = JSON.parse(JSON.stringify(await mock.snapshot())) as MockSnapshot;
const restores = 'format' in snapshot;
const dimensions = await mock.client.call('listDimensions', { params: { workspaceId: 1 } });
if (dimensions.length !== ROWS) throw new Error(`expected ${ROWS} dimensions, got ${dimensions.length}`);

const timed = async (action: () => Promise<unknown>) => {
  const started = performance.now();
  await action();
  return performance.now() - started;
};
const subjects: Array<[string, () => Promise<unknown>]> = [
  ['reset()', () => mock.reset()],
  ...(restores
    ? ([
        ['restore(snapshot) after a JSON round trip', () => mock.restore(snapshot)],
        ['snapshot()', () => mock.snapshot()],
        ['reset() and a create call, journal on', createAfterReset(mock)],
        ['reset() and a create call, journal off', createAfterReset(unjournaled)],
      ] as Array<[string, () => Promise<unknown>]>)
    : []),
];
const times = new Map(subjects.map(([name]) => [name, [] as number[]]));
for (const [name, action] of subjects) {
  for (let round = 0; round < RUNS + 20; round++) {
    const ms = await timed(action);
    if (round >= 20) times.get(name)?.push(ms);
  }
}
// The restored state answers as the seeded one.
const after = await mock.client.call('listDimensions', { params: { workspaceId: 1 } });
if (after.length !== ROWS) throw new Error(`after the runs: ${after.length} dimensions`);
await Promise.all([mock.close(), unjournaled.close()]);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
console.log(
  `node ${process.version}, a workspace with ${ROWS} dimensions, ${RUNS} calls each after 20 warm-up, load ${(await loadAverage()) ?? 'unknown'}`,
);
if (restores) console.log(`snapshot JSON: ${(JSON.stringify(snapshot).length / 1024).toFixed(0)} KiB`);
for (const [name, values] of times)
  console.log(
    `${name.padEnd(44)} median ${median(values).toFixed(2)} ms (${Math.min(...values).toFixed(2)}-${Math.max(...values).toFixed(2)})`,
  );

async function loadAverage(): Promise<string | undefined> {
  const { readFile } = await import('node:fs/promises');
  return readFile('/proc/loadavg', 'utf8').then(
    (text) => text.split(' ').slice(0, 3).join(' '),
    () => undefined,
  );
}
