import { type DrainReport, runDrainDrill } from '@wsadmin/server-testing/drills/drain';
import { tempDatabase } from '@wsadmin/server-testing/processes';
import { describe, expect, it } from 'vitest';

/**
 * The drain drill (packages/server-testing/drills/drain.ts): SIGTERM while keep-alive clients keep
 * sending and an upload is in flight. `node --conditions=@wsadmin/source --import tsx
 * packages/server-testing/drills/cli.ts drain` prints the reports with more clients.
 */

async function drill(
  options: Omit<Parameters<typeof runDrainDrill>[0], 'databaseUrl'>,
): Promise<DrainReport> {
  const database = tempDatabase('wsadmin-drain-');
  try {
    const report = await runDrainDrill({ databaseUrl: database.url, ...options });
    // The time taken, as the issue asks: printed, never asserted beyond the deadline.
    console.log(JSON.stringify(report));
    return report;
  } finally {
    database.remove();
  }
}

describe.each([1, 2])('SIGTERM with WSADMIN_WORKERS=%i under keep-alive load', (workers) => {
  it('cuts no accepted request, answers the upload in flight with Connection: close, and exits 0 well within the deadline', async () => {
    const report = await drill({ workers, clients: 6, drainSeconds: 10, uploadMs: 1_500 });
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ cut: 0, exit: { code: 0, signal: null }, upload: { status: 200 } });
    expect(report.drained).toHaveLength(workers);
    // Every client learned that the server was going: a Connection: close or a refused connection.
    expect(report.refused).toBe(6);
    // The clients whose request was in flight at the signal got its answer with Connection: close.
    expect(report.closing).toBeGreaterThan(0);
    // Nothing waited for the deadline: the drain ended once the upload was answered.
    expect(report.drainMs).toBeLessThan(10_000);
  }, 180_000);
});

describe('the drain deadline (WSADMIN_DRAIN_SECONDS)', () => {
  it('closes the connection of a request that outlasts it, exits 1 saying so, and cuts nothing else', async () => {
    const report = await drill({ workers: 1, clients: 3, drainSeconds: 1, uploadMs: 8_000 });
    expect(report.problems).toEqual([]);
    expect(report.exit).toEqual({ code: 1, signal: null });
    expect(report.drained).toEqual([
      { msg: 'drained: the deadline cut 1 request(s) in flight', cut: 1, durationMs: expect.any(Number) },
    ]);
    expect(report.upload).toHaveProperty('error');
    // The deadline, plus what closing the database takes: not the upload's 8 s.
    expect(report.drainMs).toBeLessThan(6_000);
  }, 180_000);
});
