// The report a failed Playwright test carries: the mock's journal as HAR and as text, and what the
// test changed since the scenario's seed.
import type { WsadminMock } from '../create-mock';
import { readTables } from '../inspect/tables';
import { changesText, diffTables, netChanges } from './changes';
import { requestSummary } from './summary';

/** The names the attachments have in the report. */
export const REPORT_ATTACHMENTS = {
  har: 'wsadmin-mock.har',
  requests: 'wsadmin-mock-requests.txt',
  changes: 'wsadmin-mock-changes.txt',
} as const;

/** Playwright's `testInfo.attach` (the part used). */
export type Attach = (name: string, options: { body: string; contentType: string }) => Promise<void>;

/**
 * Attaches the journal as HAR, the one-line-per-request summary and the changes since the seed.
 * The changes are the journal's, by object, when it holds every request of the test; otherwise
 * (its limit dropped some, or it is off) a diff of the tables against the seed, read by resetting
 * the mock and restoring it: the mock ends in the state the test left.
 */
export async function attachMockReport(attach: Attach, mock: WsadminMock): Promise<void> {
  const requests = [...mock.requests];
  await attach(REPORT_ATTACHMENTS.har, {
    body: JSON.stringify(mock.har(), null, 2),
    contentType: 'application/json',
  });
  await attach(REPORT_ATTACHMENTS.requests, { body: requestSummary(requests), contentType: 'text/plain' });
  const complete = requests.length > 0 && requests[0]?.seq === 1;
  const changes = complete
    ? changesText(
        netChanges(requests),
        `Changes since the scenario's seed, by object, from the ${requests.length} requests of the journal (changes made through mock.client or mock.storage() are not requests):`,
      )
    : changesText(
        await diffAgainstSeed(mock),
        "Changes since the scenario's seed: the tables now against the seed's (the journal does not hold every request of the test):",
      );
  await attach(REPORT_ATTACHMENTS.changes, { body: changes, contentType: 'text/plain' });
}

async function diffAgainstSeed(mock: WsadminMock) {
  const now = await readTables(mock);
  const left = await mock.snapshot();
  await mock.reset();
  const seed = await readTables(mock);
  await mock.restore(left);
  return diffTables(seed, now);
}
