/**
 * What the request journal costs: the same calls to two mocks in one process, one with the
 * journal (the default) and one with `journal: false`, in alternating rounds so a busy machine
 * slows both alike. A list call through MSW (as the mock's list-call figure is measured; the
 * issue's target: at most 10% more), the same through `mock.fetch` (no MSW: the journal's share
 * of the mock alone), and a create call through MSW (which also reads the rows it wrote). The
 * journal is full (its 1,000 entries) after the first rounds, so dropping the oldest is counted.
 *   npm run bench:mock-journal        (ROUNDS=20, CALLS=100 per round by default)
 */
import { createMock, MOCK_KEY } from '@wsadmin/mock/node';
import { setupServer } from 'msw/node';

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const CALLS = Number(process.env.CALLS ?? 100);
const WARM_UP = 300;

const seed = { workspaces: [{ name: 'Sales' }, { name: 'Marketing' }, { name: 'Growth' }] };
const sides = {
  'journal on': createMock({ seed, baseUrl: 'https://on.wsadmin.mock' }),
  'journal off': createMock({ seed, baseUrl: 'https://off.wsadmin.mock', journal: false }),
};
type Side = keyof typeof sides;
const server = setupServer(...sides['journal on'].handlers, ...sides['journal off'].handlers);
server.listen({ onUnhandledRequest: 'error' });

const headers = { authorization: `Bearer ${MOCK_KEY}`, 'content-type': 'application/json' };
const list = (side: Side) => new Request(`${sides[side].baseUrl}/openapi/v1/workspaces/`, { headers });
let made = 0;
const create = (side: Side) => {
  made += 1;
  return new Request(`${sides[side].baseUrl}/openapi/v1/workspaces/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: `Made ${made}` }),
  });
};
const throughMsw = (_side: Side, request: Request) => fetch(request);
const direct = (side: Side, request: Request) => sides[side].fetch(request);

const calls: Record<string, [(side: Side) => Request, typeof direct]> = {
  'a list call through MSW': [list, throughMsw],
  'a list call, mock.fetch': [list, direct],
  'a create call through MSW': [create, throughMsw],
};

async function round(side: Side, [request, send]: (typeof calls)[string], count: number): Promise<number> {
  const started = performance.now();
  for (let call = 0; call < count; call += 1) {
    const response = await send(side, request(side));
    if (response.status !== 200) throw new Error(`${side}: answered ${response.status}`);
    await response.arrayBuffer();
  }
  return (performance.now() - started) / count;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

console.log(`node ${process.version}, ${ROUNDS} rounds of ${CALLS} calls per side, alternating; ms per call`);
for (const [name, request] of Object.entries(calls)) {
  const times: Record<Side, number[]> = { 'journal on': [], 'journal off': [] };
  for (const side of Object.keys(sides) as Side[]) await round(side, request, WARM_UP);
  for (let at = 0; at < ROUNDS; at += 1) {
    // Which side goes first alternates too.
    const order = (at % 2 === 0 ? ['journal on', 'journal off'] : ['journal off', 'journal on']) as Side[];
    for (const side of order) times[side].push(await round(side, request, CALLS));
    // The create rounds start each side again from its seed, so both read tables of the same size.
    if (name.startsWith('a create call')) for (const mock of Object.values(sides)) await mock.reset();
  }
  const on = median(times['journal on']);
  const off = median(times['journal off']);
  console.log(
    `${name.padEnd(26)} journal on ${on.toFixed(3)} ms, off ${off.toFixed(3)} ms: ${(((on - off) / off) * 100).toFixed(1)}%`,
  );
}
console.log(`journal entries kept: ${sides['journal on'].requests.length}`);
server.close();
for (const mock of Object.values(sides)) await mock.close();
