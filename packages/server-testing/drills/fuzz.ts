import { Agent } from 'node:http';
import { operationEntries } from '@wsadmin/contract';
import { openStorageFromUrl } from '@wsadmin/server';
import { createApp, pbkdf2Passwords } from '@wsadmin/server-core';
import { type FuzzCase, fuzzCases } from '../src/fuzz-cases';
import { type RawAnswer, sendFuzzCase } from '../src/fuzz-http';
import { seedFuzzTargets } from '../src/fuzz-seed';
import { startServerProcess } from './server-process';

/**
 * Bad input at volume: the fuzz requests of src/fuzz.test.ts (contract-derived, systematically
 * broken and random, for every operation), sent over HTTP to `npm start` in a child process, round
 * after round until a budget of requests is spent. No answer may be a 5xx or leave the envelope,
 * and the server's resident memory, sampled meanwhile, must stay flat.
 */

export interface FuzzDrillOptions {
  databaseUrl: string;
  /** Requests to send in all. */
  requests: number;
  /** Requests in flight at once. */
  concurrency: number;
}

export interface FuzzDrillReport {
  sent: number;
  seconds: number;
  /** Answers by status class: 2xx, 4xx, 5xx. */
  classes: Record<string, number>;
  /** Answers that are a 5xx or not the envelope (errcode = HTTP status), first ones. */
  broken: string[];
  brokenCount: number;
  /** Resident memory of the server in MiB: before the load, after the first tenth, at the end, highest. */
  rss: { startMiB: number; warmMiB: number; endMiB: number; maxMiB: number; samples: number };
  problems: string[];
}

export async function runFuzzDrill(options: FuzzDrillOptions): Promise<FuzzDrillReport> {
  const secret = `wsk_fuzz_${Date.now()}`;
  const server = await startServerProcess(options.databaseUrl, secret);
  // The seeding runs here, on the same database: fresh targets per operation, as the fuzz test makes.
  const storage = await openStorageFromUrl(options.databaseUrl, () => new Date());
  const seeder = createApp({ storage, passwords: pbkdf2Passwords(1000) });
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const { hostname, port } = new URL(server.url);
  const report: FuzzDrillReport = {
    sent: 0,
    seconds: 0,
    classes: {},
    broken: [],
    brokenCount: 0,
    rss: { startMiB: server.rssMiB(), warmMiB: 0, endMiB: 0, maxMiB: 0, samples: 0 },
    problems: [],
  };
  const samples: number[] = [report.rss.startMiB];
  const sampler = setInterval(() => samples.push(server.rssMiB()), 200);
  const started = performance.now();
  try {
    let warm = false;
    while (report.sent < options.requests) {
      for (const [operationId, op] of operationEntries) {
        if (report.sent >= options.requests) break;
        const targets = await seedFuzzTargets(seeder, storage.db, secret, new Date());
        const cases = fuzzCases(operationId, op, targets).slice(0, options.requests - report.sent);
        await inParallel(cases, options.concurrency, async (fuzz) => {
          const answer = await send(agent, hostname, Number(port), fuzz);
          const kind = `${Math.floor(answer.status / 100)}xx`;
          report.classes[kind] = (report.classes[kind] ?? 0) + 1;
          const problem = brokenAnswer(answer);
          if (problem) {
            report.brokenCount++;
            if (report.broken.length < 10)
              report.broken.push(`${fuzz.method} ${fuzz.target.slice(0, 100)} [${fuzz.name}]: ${problem}`);
          }
        });
        report.sent += cases.length;
        if (!warm && report.sent >= options.requests / 10) {
          warm = true;
          report.rss.warmMiB = server.rssMiB();
        }
      }
    }
  } finally {
    clearInterval(sampler);
    report.seconds = (performance.now() - started) / 1000;
    report.rss.endMiB = server.rssMiB();
    samples.push(report.rss.endMiB);
    report.rss.maxMiB = Math.max(...samples);
    report.rss.samples = samples.length;
    agent.destroy();
    await storage.close();
    await server.kill();
  }
  if (report.brokenCount > 0)
    report.problems.push(`${report.brokenCount} answers were a 5xx or not the envelope`);
  // Flat: after warming up, growth stays within what caches and the heap's own slack explain.
  const allowance = Math.max(64, report.rss.warmMiB * 0.5);
  if (report.rss.endMiB > report.rss.warmMiB + allowance)
    report.problems.push(
      `resident memory grew from ${report.rss.warmMiB.toFixed(0)} to ${report.rss.endMiB.toFixed(0)} MiB`,
    );
  return report;
}

type Answer = RawAnswer;

function brokenAnswer(answer: Answer): string | undefined {
  const excerpt = answer.text.slice(0, 200);
  if (answer.status >= 500) return `HTTP ${answer.status}: ${excerpt}`;
  try {
    const body = JSON.parse(answer.text) as { errcode?: unknown };
    if (body.errcode !== answer.status) return `errcode ${String(body.errcode)} with HTTP ${answer.status}`;
  } catch {
    return `not JSON: ${excerpt}`;
  }
  return undefined;
}

const send = (agent: Agent, host: string, port: number, fuzz: FuzzCase) =>
  sendFuzzCase({ agent, host, port }, fuzz);

async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++];
        if (item !== undefined) await work(item);
      }
    }),
  );
}
