import { runFuzzDrill } from '@wsadmin/server-testing/drills/fuzz';
import { tempDatabase } from '@wsadmin/server-testing/processes';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The fuzz drill (packages/server-testing/drills/fuzz.ts), briefly: the fuzz requests of fuzz.test.ts over
 * HTTP to `npm start` in a child process. `node --conditions=@wsadmin/source --import tsx packages/server-testing/drills/cli.ts fuzz`
 * sends 50,000 per database.
 */

const database = tempDatabase('wsadmin-fuzz-');
afterAll(() => database.remove());

describe('bad input at volume, over HTTP', () => {
  it('never answers 5xx or outside the envelope, and memory stays flat', async () => {
    const report = await runFuzzDrill({ databaseUrl: database.url, requests: 4000, concurrency: 8 });
    expect(report.broken).toEqual([]);
    expect(report.problems).toEqual([]);
    expect(report.sent).toBe(4000);
    expect(report.classes['4xx'] ?? 0).toBeGreaterThan(report.sent / 2);
  }, 60_000);
});
