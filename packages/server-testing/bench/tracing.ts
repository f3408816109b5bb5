import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import { readConfig } from '@wsadmin/server';
import { type RuntimeServer, serveOnRuntime } from '@wsadmin/server-core/server-kit';
import { nodeHost } from '../../server/src/node-host';
import { startTracing } from '../../server/src/tracing';
import { tempDatabase } from '../src/processes';
import type { LoadSummary, Workload } from './load';
import { LoadGenerator } from './load-client';
import { seedWorkspace } from './seed';
import { PEER_PATH, startPeer, type TracingSetting } from './tracing-peer';

/**
 * `npm run bench:tracing`: the workspace detail read (getWorkspace) on the Node server (SQLite
 * file, NODE_ENV=production, LOG_LEVEL=silent) with OpenTelemetry off, sampled at 10 %
 * (parentbased_traceidratio 0.1) and on for every request (always_on): the production tracing
 * (`startTracing`: sampler, batch span processor, AsyncLocalStorage context, W3C propagator), its
 * spans handed to a sink that drops them, so the figures hold the cost of making spans and not of a
 * network. Two reads: `uncached` (200 workspaces in turn, a query string of its own on every request,
 * so no kept answer serves one) and `cached` (one workspace again and again: the answer cache of
 * decision 0012). Beside them the peer figure: a plain Hono route traced by `@hono/otel` 1.1
 * (tracing-peer.ts) with the same set-up. autocannon loads the server from a second process.
 * Options: --duration <s> (4), --connections <n> (10), --rounds <n> (3): each round measures every
 * setting once, in turn, and the median round is shown; the targets of issue 43 (10 %: at least
 * 0.90 of off; always on: at least 0.75) are read off the detail reads' ratios.
 */
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '4' },
    connections: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const rounds = Number(args.rounds);
const KEY = 'wsk_bench-tracing-key';

/** Takes every batch and drops it: what an exporter costs beyond the spans themselves is left out. */
class DroppingExporter implements SpanExporter {
  spans = 0;
  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    this.spans += spans.length;
    done({ code: 0 });
  }
  async shutdown(): Promise<void> {}
}

type Setting = TracingSetting;
const SETTINGS: Record<Setting, Record<string, string>> = {
  off: {},
  'sampled 10 %': {
    OTEL_TRACES_EXPORTER: 'otlp',
    OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
    OTEL_TRACES_SAMPLER_ARG: '0.1',
  },
  'always on': { OTEL_TRACES_EXPORTER: 'otlp', OTEL_TRACES_SAMPLER: 'always_on' },
};

const database = tempDatabase('wsadmin-bench-tracing-');

async function start(setting: Setting): Promise<{ server: RuntimeServer; sink: DroppingExporter }> {
  const config = readConfig({
    PORT: '0',
    DATABASE_URL: database.url,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    WSADMIN_BOOTSTRAP_KEY: KEY,
    ...SETTINGS[setting],
  });
  const sink = new DroppingExporter();
  const tracingSettings = config.tracing;
  const host = {
    ...nodeHost(config),
    tracing: async () => (tracingSettings ? startTracing(tracingSettings, { exporters: [sink] }) : undefined),
  };
  return { server: await serveOnRuntime(host, config, { bootstrapKey: true }), sink };
}

// The workspaces, made once (the first start migrates the file).
const seeding = await start('off');
const ids: number[] = [];
for (let i = 0; i < 200; i++)
  ids.push(await seedWorkspace(seeding.server.storage.db, `bench ${i}`, new Date()));
await seeding.server.close();

type Read = 'uncached' | 'cached' | 'peer';
const WORKLOADS: Record<Read, Workload> = {
  uncached: { kind: 'rotating', paths: ids.map((id) => `/openapi/v1/workspaces/${id}/`) },
  cached: { kind: 'get', path: `/openapi/v1/workspaces/${ids[0]}/` },
  peer: { kind: 'get', path: PEER_PATH },
};

/** The server of one measurement: the wsadmin server, or the peer's plain Hono route. */
async function serverFor(read: Read, setting: Setting) {
  if (read !== 'peer') {
    const { server, sink } = await start(setting);
    return { url: server.url, sink, close: () => server.close() };
  }
  const sink = new DroppingExporter();
  const peer = await startPeer(setting, sink);
  return { url: peer.url, sink, close: () => peer.close() };
}

const load = new LoadGenerator();
const results = new Map<string, LoadSummary[]>();
const spans = new Map<string, number>();
const answered = new Map<string, number>();
/**
 * CPU time of this process (the server's; autocannon runs in another) per answered request: on a
 * shared machine under load the rate measures the neighbours too, the CPU a request takes much less.
 */
const cpuMicroseconds = new Map<string, number[]>();
const loadBefore = loadavg();
try {
  // Round -1 is not counted: every setting's code compiled before the first measured round (on a
  // loaded machine a second of warm-up was a few hundred requests, and `off`, first, ran cold).
  for (let round = -1; round < rounds; round++) {
    for (const setting of Object.keys(SETTINGS) as Setting[]) {
      for (const [read, workload] of Object.entries(WORKLOADS) as [Read, Workload][]) {
        // A server per measurement: its close exports every span still queued, all counted.
        const server = await serverFor(read, setting);
        const seconds = round < 0 ? 2 : duration;
        const request = { url: server.url, key: KEY, connections, durationSeconds: seconds };
        let requests = 0;
        try {
          // A second of warm-up: the first requests compile and fill the caches.
          const warm = await load.run({ ...request, workload, durationSeconds: 1 });
          const cpuBefore = process.cpuUsage();
          const summary = await load.run({ ...request, workload });
          const cpu = process.cpuUsage(cpuBefore);
          requests = warm.ok + warm.non2xx + summary.ok + summary.non2xx;
          if (summary.non2xx > 0)
            throw new Error(`${read}, ${setting}: ${JSON.stringify(summary.statusCodes)}`);
          if (round < 0) continue;
          const name = `${read}|${setting}`;
          results.set(name, [...(results.get(name) ?? []), summary]);
          const perRequest = (cpu.user + cpu.system) / (summary.ok + summary.non2xx);
          cpuMicroseconds.set(name, [...(cpuMicroseconds.get(name) ?? []), perRequest]);
        } finally {
          await server.close();
        }
        const name = `${read}|${setting}`;
        spans.set(name, (spans.get(name) ?? 0) + server.sink.spans);
        answered.set(name, (answered.get(name) ?? 0) + requests);
      }
    }
  }
} finally {
  load.close();
}

// The same reads in this process, one at a time through app.request (no socket, no second
// process): the time a request takes, where the cost tracing adds stands out of the noise.
const IN_PROCESS_REQUESTS = 20_000;
const microseconds = new Map<string, number[]>();
for (let round = 0; round < rounds; round++) {
  for (const setting of Object.keys(SETTINGS) as Setting[]) {
    const { server } = await start(setting);
    try {
      for (const read of ['uncached', 'cached'] as const) {
        const headers = { authorization: `Bearer ${KEY}` };
        const pathOf = (i: number) =>
          read === 'cached'
            ? `/openapi/v1/workspaces/${ids[0]}/`
            : `/openapi/v1/workspaces/${ids[i % ids.length]}/?n=${setting.length}-${round}-${i}`;
        for (let i = 0; i < 2000; i++) await (await server.app.request(pathOf(i), { headers })).arrayBuffer();
        // CPU time, not wall time: on a shared machine the wall clock counts the neighbours' turns.
        const started = process.cpuUsage();
        for (let i = 0; i < IN_PROCESS_REQUESTS; i++)
          await (await server.app.request(pathOf(i + 2000), { headers })).arrayBuffer();
        const name = `${read}|${setting}`;
        const used = process.cpuUsage(started);
        const perRequest = (used.user + used.system) / IN_PROCESS_REQUESTS;
        microseconds.set(name, [...(microseconds.get(name) ?? []), perRequest]);
      }
    } finally {
      await server.close();
    }
  }
}

const median = (summaries: LoadSummary[]) =>
  [...summaries].sort((a, b) => a.rps - b.rps)[Math.floor(summaries.length / 2)] as LoadSummary;
const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
/** The rate against off, round by round (the two measured a few seconds apart), then the median. */
const ratioOf = (read: Read, setting: Setting) => {
  const off = results.get(`${read}|off`) ?? [];
  return middle(
    (results.get(`${read}|${setting}`) ?? []).map((summary, round) => summary.rps / (off[round]?.rps ?? 0)),
  );
};
/** Off's CPU per request over the setting's, round by round, then the median: the rate a CPU-bound server keeps. */
const cpuRatioOf = (read: Read, setting: Setting) => {
  const off = cpuMicroseconds.get(`${read}|off`) ?? [];
  return middle(
    (cpuMicroseconds.get(`${read}|${setting}`) ?? []).map((micros, round) => (off[round] ?? 0) / micros),
  );
};
const TARGETS: Partial<Record<Setting, number>> = { 'sampled 10 %': 0.9, 'always on': 0.75 };
const rows: string[] = [];
const verdicts: string[] = [];
for (const read of Object.keys(WORKLOADS) as Read[]) {
  for (const setting of Object.keys(SETTINGS) as Setting[]) {
    const name = `${read}|${setting}`;
    const summary = median(results.get(name) ?? []);
    const requests = answered.get(name) ?? 0;
    const spansPerRequest = requests ? (spans.get(name) ?? 0) / requests : 0;
    const ratio = ratioOf(read, setting);
    const cpu = middle(cpuMicroseconds.get(name) ?? []);
    const cpuRatio = cpuRatioOf(read, setting);
    console.log(
      JSON.stringify({
        read,
        setting,
        rps: Math.round(summary.rps),
        ratio,
        cpuMicroseconds: cpu,
        cpuRatio,
        p50: summary.p50,
        p99: summary.p99,
        spansPerRequest,
      }),
    );
    rows.push(
      `| ${read} | ${setting} | ${Math.round(summary.rps)} | ${ratio.toFixed(2)} | ${cpu.toFixed(1)} | ${cpuRatio.toFixed(2)} | ${summary.p50} | ${summary.p99} | ${spansPerRequest.toFixed(2)} |`,
    );
    const target = TARGETS[setting];
    if (target !== undefined && read !== 'peer')
      verdicts.push(
        `${read}, ${setting}: rate ${ratio.toFixed(2)} of off, CPU per request ${cpuRatio.toFixed(2)} (target ${target.toFixed(2)}): ${ratio >= target ? 'met' : 'missed'} by the rate, ${cpuRatio >= target ? 'met' : 'missed'} by the CPU`,
      );
  }
}
const loads = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
console.log(
  `\n${new Date().toISOString()}, ${cpus().length} CPUs, load average ${loads(loadBefore)} → ${loads(
    loadavg(),
  )} (1, 5, 15 min), ${rounds} rounds of ${duration} s, ${connections} connections (median round)\n`,
);
console.log(
  '| read | tracing | req/s | rate vs off | server CPU µs per request | off CPU / this CPU | p50 ms | p99 ms | spans exported per request |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
console.log(`\n${verdicts.join('\n')}`);
console.log(
  `\nIn process (app.request, one at a time, ${IN_PROCESS_REQUESTS} requests, median round; CPU time):\n`,
);
console.log('| read | tracing | CPU µs per request | added µs vs off |');
console.log('|---|---|---|---|');
for (const read of ['uncached', 'cached'] as const) {
  const off = middle(microseconds.get(`${read}|off`) ?? []);
  for (const setting of Object.keys(SETTINGS) as Setting[]) {
    const value = middle(microseconds.get(`${read}|${setting}`) ?? []);
    console.log(`| ${read} | ${setting} | ${value.toFixed(1)} | ${(value - off).toFixed(1)} |`);
  }
}
database.remove();
