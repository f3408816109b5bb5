/**
 * The concurrency drill of issue 34 (consumer/workers-drill.ts) on the packed Worker: two isolates
 * of one deployment over one database, hundreds of writes at once, some batches failing on their
 * last item. The Worker keeps its data in one SQLite-backed Durable Object (decision 0029): the
 * drill must find every acknowledged write and nothing of a failed batch. (Against the D1 Worker
 * this replaced, the same drill found acknowledged writes gone and failed batches left behind:
 * issue 34's closing note.)
 */
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installServersProject } from './runtime-servers';
import { formatReport, runWorkersDrill } from './workers-drill';
import { durableObjectSetup, PACKED, startWorkers, type WorkersSetup } from './workers-drill-setups';

/** What this test drills: the Worker as users deploy it, whose guarantees the drill checks. */
const SETUPS: Array<{ name: string; setup: WorkersSetup }> = [
  { name: 'durable-object', setup: durableObjectSetup },
];

const root = mkdtempSync(join(tmpdir(), 'wsadmin-workers-drill-'));
const project = join(root, 'worker');

beforeAll(() => installServersProject(project, ['@wsadmin/server-core']), 600_000);
afterAll(() => rm(root, { recursive: true, force: true }), 60_000);

describe.each(SETUPS)('the concurrency drill on $name', ({ name, setup }) => {
  it('finds every acknowledged write and nothing of a failed batch', async () => {
    const report = await runWorkersDrill(() => startWorkers(setup, PACKED(project)));
    console.log(formatReport(name, report, 5));
    expect(report.violations, formatReport(name, report, 5)).toEqual([]);
    // The drill ran what it plans: writes acknowledged and batches refused (a violation otherwise).
    expect(Object.values(report.answers).reduce((sum, count) => sum + count, 0)).toBe(report.requests);
    expect(Object.keys(report.answers).some((answer) => answer.endsWith(' 409'))).toBe(true);
  }, 90_000);
});
