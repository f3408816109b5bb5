import type { OperationId } from '@wsadmin/contract';
import { assertOperationId } from '@wsadmin/contract/routes';
import { differences, type MockRequestMatch } from './match';
import { described, entryLine, receivedInstead } from './received';
import type { MockRequest } from './types';

/** One step of `toHaveReceivedInOrder`: an operation, or an operation and what its request must hold. */
export type MockOrderStep = {
  [K in OperationId]: K | readonly [K, MockRequestMatch<K>];
}[OperationId];

/**
 * The matchers on a mock's journal, for `expect(mock)`. `R` is what an assertion returns (`void`
 * in Vitest and Playwright, the `R` of Jest's `Matchers<R>`).
 */
export interface MockMatchers<R = void> {
  /** At least one request to `operationId` whose fields hold `match` (deep-partially). */
  toHaveReceived<K extends OperationId>(operationId: K, match?: MockRequestMatch<K>): R;
  /** Exactly `times` requests to `operationId` holding `match`. */
  toHaveReceivedTimes<K extends OperationId>(operationId: K, times: number, match?: MockRequestMatch<K>): R;
  /** Requests to these operations in this order (others may come between). */
  toHaveReceivedInOrder(steps: readonly MockOrderStep[]): R;
  /** Every request since the last reset was matched by an earlier passing assertion on this mock. */
  toHaveReceivedNothingElse(): R;
}

/** What Vitest, Jest and Playwright hand a matcher as `this` (the part used here). */
export interface MockMatcherContext {
  readonly isNot?: boolean;
}

export interface MockMatcherResult {
  pass: boolean;
  message: () => string;
}

// Entries a passing assertion matched. Entries are new objects after each reset, so a reset forgets them.
const asserted = new WeakSet<MockRequest>();

function journalOf(received: unknown, matcher: string): readonly MockRequest[] {
  const requests = (received as { requests?: unknown } | null)?.requests;
  if (typeof received === 'object' && received !== null && Array.isArray(requests)) return requests;
  throw new TypeError(
    `${matcher}: expect() takes the mock (createMock, setupMockServer's mock, the Playwright fixture's mock), received ${typeof received}`,
  );
}

function settle(context: MockMatcherContext, pass: boolean, matched: readonly MockRequest[]) {
  if (pass && !context.isNot) for (const entry of matched) asserted.add(entry);
}

const times = (count: number) => `${count} ${count === 1 ? 'time' : 'times'}`;

function toHaveReceived(
  this: MockMatcherContext,
  received: unknown,
  operationId: OperationId,
  match?: MockRequestMatch,
): MockMatcherResult {
  const entries = journalOf(received, 'toHaveReceived');
  assertOperationId(operationId, 'toHaveReceived');
  const matched = entries.filter(
    (entry) => entry.operationId === operationId && differences(entry, match).length === 0,
  );
  const pass = matched.length > 0;
  settle(this, pass, matched);
  return {
    pass,
    message: () =>
      pass
        ? `Expected the mock not to have received ${described(operationId, match)}, but it did:\n${matched.map((entry) => `  ${entryLine(entry)}`).join('\n')}`
        : `Expected the mock to have received ${described(operationId, match)}.\n${receivedInstead(entries, operationId, match)}`,
  };
}

function toHaveReceivedTimes(
  this: MockMatcherContext,
  received: unknown,
  operationId: OperationId,
  count: number,
  match?: MockRequestMatch,
): MockMatcherResult {
  const entries = journalOf(received, 'toHaveReceivedTimes');
  assertOperationId(operationId, 'toHaveReceivedTimes');
  if (!(Number.isInteger(count) && count >= 0))
    throw new TypeError(`toHaveReceivedTimes: the count must be an integer >= 0, received ${String(count)}`);
  const matched = entries.filter(
    (entry) => entry.operationId === operationId && differences(entry, match).length === 0,
  );
  const pass = matched.length === count;
  settle(this, pass, matched);
  const got = matched.map((entry) => `  ${entryLine(entry)}`);
  return {
    pass,
    message: () =>
      pass
        ? `Expected the mock not to have received ${described(operationId, match)} ${times(count)}, but it did:\n${got.join('\n')}`
        : [
            `Expected the mock to have received ${described(operationId, match)} ${times(count)}, received it ${times(matched.length)}${got.length > 0 ? ':' : '.'}`,
            ...got,
            ...(matched.length < count
              ? [receivedInstead(entries, operationId, match, new Set(matched))]
              : []),
          ].join('\n'),
  };
}

function toHaveReceivedInOrder(
  this: MockMatcherContext,
  received: unknown,
  steps: readonly MockOrderStep[],
): MockMatcherResult {
  const entries = journalOf(received, 'toHaveReceivedInOrder');
  if (!Array.isArray(steps) || steps.length === 0)
    throw new TypeError('toHaveReceivedInOrder: give a list of operationIds or [operationId, match] pairs');
  const wanted = steps.map((step) => {
    const [operationId, match] = (typeof step === 'string' ? [step, undefined] : step) as [
      OperationId,
      MockRequestMatch | undefined,
    ];
    assertOperationId(operationId, 'toHaveReceivedInOrder');
    return { operationId, match };
  });
  // Each step takes the first request after the previous step's that holds it.
  const matched: MockRequest[] = [];
  let from = 0;
  for (const { operationId, match } of wanted) {
    const at = entries.findIndex(
      (entry, index) =>
        index >= from && entry.operationId === operationId && differences(entry, match).length === 0,
    );
    if (at < 0) break;
    matched.push(entries[at] as MockRequest);
    from = at + 1;
  }
  const pass = matched.length === wanted.length;
  settle(this, pass, matched);
  const order = wanted.map((step, at) => `  ${at + 1}. ${described(step.operationId, step.match)}`);
  return {
    pass,
    message: () => {
      if (pass)
        return `Expected the mock not to have received, in this order:\n${order.join('\n')}\nbut it did:\n${matched.map((entry) => `  ${entryLine(entry)}`).join('\n')}`;
      const missing = wanted[matched.length] as (typeof wanted)[number];
      const last = matched.at(-1);
      const after = entries.filter((entry) => !last || entry.seq > last.seq);
      return [
        'Expected the mock to have received, in this order:',
        ...order,
        matched.length === 0
          ? `Step 1 (${missing.operationId}) was not found.`
          : `${matched.length === 1 ? 'Step 1 was' : `Steps 1 to ${matched.length} were`} found, the last as ${last ? entryLine(last) : ''}; step ${matched.length + 1} (${missing.operationId}) was not found after it.`,
        after.length === 0
          ? `Nothing was received after #${last?.seq}.`
          : receivedInstead(after, missing.operationId, missing.match),
      ].join('\n');
    },
  };
}

function toHaveReceivedNothingElse(this: MockMatcherContext, received: unknown): MockMatcherResult {
  const entries = journalOf(received, 'toHaveReceivedNothingElse');
  const unasserted = entries.filter((entry) => !asserted.has(entry));
  const pass = unasserted.length === 0;
  return {
    pass,
    message: () =>
      pass
        ? `Expected the mock to have received requests no assertion matched, but every one of the ${entries.length} was matched.`
        : [
            `Expected every request to have been matched by an earlier assertion; ${unasserted.length} ${unasserted.length === 1 ? 'was' : 'were'} not:`,
            ...unasserted.slice(0, 10).map((entry) => `  ${entryLine(entry)}`),
            ...(unasserted.length > 10 ? [`  … and ${unasserted.length - 10} more`] : []),
          ].join('\n'),
  };
}

/**
 * The journal's matchers, for `expect.extend(mockMatchers)` in Vitest and Jest (the Playwright
 * fixture's `expect` has them already). Types: `MockMatchers` (see the README for the lines that
 * add them to Vitest's and Jest's `expect`).
 */
export const mockMatchers = {
  toHaveReceived,
  toHaveReceivedTimes,
  toHaveReceivedInOrder,
  toHaveReceivedNothingElse,
};
