import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { tempDatabase } from '../src/processes';
import type { LoadSummary, Workload } from './load';
import { LoadGenerator } from './load-client';
import { seedWorkspace } from './seed';
import {
  collectGarbage,
  measureInterleaved,
  medianAndSpread,
  quantile,
  type Subject,
} from './tracing-interleaved';
import { freshPeerContext, PEER_PATH, startPeer, type TracingSetting } from './tracing-peer';
import { BENCH_KEY, DroppingExporter, type ServerSetting, startBenchServer } from './tracing-settings';

/**
 * `npm run bench:tracing`: the workspace detail read (getWorkspace) on the Node server (SQLite
 * file, NODE_ENV=production, LOG_LEVEL=silent) with OpenTelemetry off, sampled at 10 %
 * (parentbased_traceidratio 0.1) and on for every request (always_on), through the production
 * tracing (`startTracing`), its spans handed to a sink that drops them. Two reads: `uncached` (200
 * workspaces in turn, a query string of its own on every request, so no kept answer serves one) and
 * `cached` (one workspace again and again: the answer cache of decision 0012). Beside them the peer
 * figure: a plain Hono route traced by `@hono/otel` 1.1 (tracing-peer.ts) with the same set-up.
 *
 * Every setting's server runs in this one process for the whole run, and the settings take turns
 * (another first each round), so warm-up, JIT and the neighbours' load fall on all alike; a full
 * collection (`--expose-gc`) before each measurement. Sharing a process is fair to `off` because
 * the server's context manager switches its async hook off between kept requests
 * (on-demand-context.ts); the peer's stock AsyncLocalStorage manager is replaced by a fresh one
 * before each of its measurements (`freshPeerContext`), as a process of its own would start.
 * 1. Over HTTP: autocannon from a second process; per round each setting's rate and this process's
 *    CPU per answered request against `off` of the same round; the median of the rounds.
 * 2. In process (app.request, no socket): CPU µs per request, the settings taking turns request by
 *    request, with `ratio 0` too (a sampler that drops everything: what an unsampled request pays).
 * Options: --duration <s> (3) a round's measurement per setting, --warm-up <s> (3) per setting,
 * --rounds <n> (5), --connections <n> (10), --batches <n> (40) in-process rounds, --batch <n> (300)
 * requests per setting in each.
 */
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '3' },
    'warm-up': { type: 'string', default: '3' },
    rounds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    batches: { type: 'string', default: '40' },
    batch: { type: 'string', default: '300' },
  },
});
const duration = Number(args.duration);
const warmUp = Number(args['warm-up']);
const rounds = Number(args.rounds);
const connections = Number(args.connections);
const TARGETS: Partial<Record<TracingSetting, number>> = { 'sampled 10 %': 0.9, 'always on': 0.75 };
const SETTINGS: TracingSetting[] = ['off', 'sampled 10 %', 'always on'];
const loadBefore = loadavg();
const startedAt = new Date();

const database = tempDatabase('wsadmin-bench-tracing-');
const servers = new Map<ServerSetting, Awaited<ReturnType<typeof startBenchServer>>>();
for (const setting of [...SETTINGS, 'ratio 0'] as const)
  servers.set(setting, await startBenchServer(setting, database.url));
const any = servers.get('off');
if (!any) throw new Error('no server');
const ids: number[] = [];
for (let i = 0; i < 200; i++) ids.push(await seedWorkspace(any.server.storage.db, `bench ${i}`, new Date()));

type Read = 'uncached' | 'cached' | 'peer';
const WORKLOADS: Record<Read, Workload> = {
  uncached: { kind: 'rotating', paths: ids.map((id) => `/openapi/v1/workspaces/${id}/`) },
  cached: { kind: 'get', path: `/openapi/v1/workspaces/${ids[0]}/` },
  peer: { kind: 'get', path: PEER_PATH },
};
interface Target {
  url: string;
  /** Before each measurement (the peer's fresh context manager). */
  prepare?: () => void;
}
interface Measured {
  rps: number;
  cpu: number;
  summary: LoadSummary;
}
const http = new Map<string, Measured[]>();
/** Requests answered per server (HTTP and in process), against which its exported spans are counted. */
const answered = new Map<string, number>();
const count = (name: string, requests = 1) => answered.set(name, (answered.get(name) ?? 0) + requests);
const load = new LoadGenerator();

/** Warms every setting of `reads` up, then measures them in turn, round after round. */
async function measureHttp(
  reads: Read[],
  targets: Record<TracingSetting, Target>,
  counter: (s: TracingSetting) => string,
) {
  const measure = async (read: Read, setting: TracingSetting, seconds: number) => {
    const target = targets[setting];
    target.prepare?.();
    collectGarbage();
    const request = {
      url: target.url,
      key: BENCH_KEY,
      connections,
      durationSeconds: seconds,
      workload: WORKLOADS[read],
    };
    const cpuBefore = process.cpuUsage();
    const summary = await load.run(request);
    const cpu = process.cpuUsage(cpuBefore);
    if (summary.non2xx > 0 || summary.errors > 0)
      throw new Error(
        `${read}, ${setting}: ${JSON.stringify(summary.statusCodes)}, ${summary.errors} errors`,
      );
    const requests = summary.ok + summary.non2xx;
    count(counter(setting), requests);
    return { rps: summary.rps, cpu: (cpu.user + cpu.system) / requests, summary };
  };
  for (const read of reads) for (const setting of SETTINGS) await measure(read, setting, warmUp);
  for (let round = 0; round < rounds; round++)
    for (const read of reads)
      for (let turn = 0; turn < SETTINGS.length; turn++) {
        const setting = SETTINGS[(round + turn) % SETTINGS.length] as TracingSetting;
        const name = `${read}|${setting}`;
        http.set(name, [...(http.get(name) ?? []), await measure(read, setting, duration)]);
      }
}

const byServer = (setting: TracingSetting): Target => ({ url: servers.get(setting)?.server.url ?? '' });
const peerSinks = new Map(SETTINGS.map((setting) => [setting, new DroppingExporter()]));
try {
  await measureHttp(
    ['uncached', 'cached'],
    { off: byServer('off'), 'sampled 10 %': byServer('sampled 10 %'), 'always on': byServer('always on') },
    (s) => s,
  );
} catch (error) {
  load.close();
  throw error;
}

// In process: the wsadmin apps, then (after their tracing is shut down) the peer's.
const inProcessOptions = { warmUp: 3000, rounds: Number(args.batches), batch: Number(args.batch) };
const headers = { authorization: `Bearer ${BENCH_KEY}` };
const wsadminSubject = (setting: ServerSetting, read: 'uncached' | 'cached'): Subject => {
  const app = servers.get(setting)?.server.app;
  if (!app) throw new Error(setting);
  return {
    request: async (i) => {
      count(setting);
      const path =
        read === 'cached'
          ? `/openapi/v1/workspaces/${ids[0]}/`
          : `/openapi/v1/workspaces/${ids[i % ids.length]}/?in-process=${i}`;
      await (await app.request(path, { headers })).arrayBuffer();
    },
  };
};
const IN_PROCESS: ServerSetting[] = ['off', 'ratio 0', 'sampled 10 %', 'always on'];
const inProcess = new Map<string, Record<string, number[]>>();
for (const read of ['uncached', 'cached'] as const)
  inProcess.set(
    read,
    await measureInterleaved(
      Object.fromEntries(IN_PROCESS.map((setting) => [setting, wsadminSubject(setting, read)])),
      inProcessOptions,
    ),
  );
const spans = new Map<string, number>();
for (const [setting, { server, sink }] of servers) {
  await server.close();
  if (setting !== 'ratio 0') spans.set(setting, sink.spans);
}

const peers = new Map<TracingSetting, Awaited<ReturnType<typeof startPeer>>>();
try {
  for (const setting of SETTINGS)
    peers.set(setting, await startPeer(setting, peerSinks.get(setting) as DroppingExporter));
  const peerTarget = (setting: TracingSetting): Target => ({
    url: peers.get(setting)?.url ?? '',
    prepare: () => freshPeerContext(setting),
  });
  await measureHttp(
    ['peer'],
    {
      off: peerTarget('off'),
      'sampled 10 %': peerTarget('sampled 10 %'),
      'always on': peerTarget('always on'),
    },
    (s) => `peer ${s}`,
  );
  inProcess.set(
    'peer',
    await measureInterleaved(
      Object.fromEntries(
        SETTINGS.map((setting) => {
          const app = peers.get(setting)?.app;
          const subject: Subject = {
            beforeRequest: () => freshPeerContext(setting),
            request: async () => {
              count(`peer ${setting}`);
              return (await (app as NonNullable<typeof app>).request(PEER_PATH)).arrayBuffer();
            },
          };
          return [setting, subject];
        }),
      ),
      inProcessOptions,
    ),
  );
} finally {
  load.close();
  for (const peer of peers.values()) await peer.close();
  freshPeerContext('off');
  database.remove();
}

const middle = (values: number[]) => quantile(values, 0.5);
/** Round by round against off of the same round (measured seconds apart), then the median. */
const paired = (
  read: string,
  setting: string,
  of: (m: Measured) => number,
  ratio: (off: number, it: number) => number,
) => {
  const off = http.get(`${read}|off`) ?? [];
  return middle(
    (http.get(`${read}|${setting}`) ?? []).map((m, round) => ratio(of(off[round] as Measured), of(m))),
  );
};
const loads = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
console.log(
  `\n${startedAt.toISOString()} → ${new Date().toISOString()}, ${cpus().length} CPUs, load average ${loads(loadBefore)} → ${loads(loadavg())} (1, 5, 15 min); Node ${process.version}`,
);
console.log(
  `\nOver HTTP: ${rounds} rounds of ${duration} s per setting (after ${warmUp} s of warm-up each), ${connections} connections; median round\n`,
);
console.log(
  '| read | tracing | req/s | rate vs off | server CPU µs per request | off CPU / this CPU | p50 ms | p99 ms |',
);
console.log('|---|---|---|---|---|---|---|---|');
const verdicts: string[] = [];
for (const read of ['uncached', 'cached', 'peer'] as const)
  for (const setting of SETTINGS) {
    const measured = http.get(`${read}|${setting}`) ?? [];
    const rate = paired(
      read,
      setting,
      (m) => m.rps,
      (off, it) => it / off,
    );
    const cpuRatio = paired(
      read,
      setting,
      (m) => m.cpu,
      (off, it) => off / it,
    );
    const summary = [...measured].sort((a, b) => a.rps - b.rps)[Math.floor(measured.length / 2)]?.summary;
    console.log(
      `| ${read} | ${setting} | ${Math.round(middle(measured.map((m) => m.rps)))} | ${rate.toFixed(2)} | ${middle(measured.map((m) => m.cpu)).toFixed(1)} | ${cpuRatio.toFixed(2)} | ${summary?.p50} | ${summary?.p99} |`,
    );
    const target = TARGETS[setting];
    if (target !== undefined && read !== 'peer')
      verdicts.push(
        `${read}, ${setting}, HTTP: rate ${rate.toFixed(2)} of off, CPU ${cpuRatio.toFixed(2)} (target ${target.toFixed(2)}): ${rate >= target ? 'met' : 'missed'} by the rate, ${cpuRatio >= target ? 'met' : 'missed'} by the CPU`,
      );
  }
const perRequest = (name: string, spansOf: number) => (spansOf / (answered.get(name) ?? 1)).toFixed(2);
console.log(
  `\nSpans exported per request (HTTP and in process): ${SETTINGS.map((s) => `${s} ${perRequest(s, spans.get(s) ?? 0)}`).join(', ')} (${SETTINGS.map(
    (s) => `peer ${s} ${perRequest(`peer ${s}`, peerSinks.get(s)?.spans ?? 0)}`,
  ).join(', ')})`,
);
console.log(
  `\nIn process (app.request, ${inProcessOptions.rounds} rounds of ${inProcessOptions.batch} requests per setting, taking turns request by request, after ${inProcessOptions.warmUp} each): CPU µs per request, median (quartiles) of the rounds; kept = off / this, round by round, median\n`,
);
console.log('| read | tracing | CPU µs per request | added µs vs off | kept |');
console.log('|---|---|---|---|---|');
for (const [read, results] of inProcess) {
  const off = results.off ?? [];
  for (const [setting, values] of Object.entries(results)) {
    const added = middle(values.map((value, round) => value - (off[round] ?? 0)));
    const kept = middle(values.map((value, round) => (off[round] ?? 0) / value));
    console.log(
      `| ${read} | ${setting} | ${medianAndSpread(values)} | ${added.toFixed(1)} | ${kept.toFixed(2)} |`,
    );
    const target = TARGETS[setting as TracingSetting];
    if (target !== undefined && read !== 'peer')
      verdicts.push(
        `${read}, ${setting}, in process: kept ${kept.toFixed(2)} (target ${target.toFixed(2)}): ${kept >= target ? 'met' : 'missed'}`,
      );
  }
}
console.log(`\n${verdicts.join('\n')}`);
