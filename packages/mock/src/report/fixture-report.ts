// What the Playwright fixture adds to a test's report: a step per API call, and the mock's
// attachments when the test failed.
import { type TestInfo, test } from '@playwright/test';
import type { WsadminMock } from '../create-mock';
import { attachMockReport } from './attach';

/**
 * An API call as a step of the report and the trace (`routeMock`'s `step`). Called from the route
 * handler, outside the test's own steps: Playwright puts it at the top level of the test (or of the
 * fixture step running), in the order of the calls. Outside a test (a request after it ended) the
 * answer is delivered without a step.
 */
export function apiStep(title: string, deliver: () => Promise<void>): Promise<void> {
  try {
    test.info();
  } catch {
    return deliver();
  }
  return test.step(title, deliver, { box: true });
}

/**
 * Whether the report gets the mock's attachments: the test failed (a `test.fail()` test too, whose
 * failure is expected: that is where one looks at its traffic), did not end as expected, or the
 * mock itself is about to fail it (`failing`).
 */
export function wantsReport(testInfo: TestInfo, failing: boolean): boolean {
  const { status, expectedStatus } = testInfo;
  return failing || status !== expectedStatus || (status !== 'passed' && status !== 'skipped');
}

/** Attaches the mock's journal (HAR, summary) and the changes since the seed to the test. */
export function attachToTest(testInfo: TestInfo, mock: WsadminMock): Promise<void> {
  return attachMockReport((name, options) => testInfo.attach(name, options), mock);
}
