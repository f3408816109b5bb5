import type { OperationId } from '@wsadmin/contract';
import type { MemoryStorage } from '@wsadmin/server-core';
import type { Har } from 'har-format';
import type { HttpHandler } from 'msw';
import { createAnswering } from './answering';
import { baseScope } from './base-scope';
import { type MockClient, mockClient } from './client';
import { harOf } from './journal/har';
import { createJournal, DEFAULT_JOURNAL_LIMIT } from './journal/recorder';
import type { MockRequest } from './journal/types';
import type { MswHttp } from './msw-peer';
import { MOCK_BASE_URL, MOCK_KEY, type MockKey, type MockOptions } from './options';
import type { MockActiveOverride, MockContractError, Override, OverrideOptions } from './overrides';
import { scenarioOverrides } from './scenario';
import type { MockSnapshot } from './snapshot/snapshot-format';
import { createMockState } from './state';
import { type AllowedRejection, type MockRejection, MockRejectionError } from './strict/rejection';
import { createRejectionLog } from './strict/rejection-log';

export { MOCK_BASE_URL, MOCK_KEY, type MockKey, type MockOptions } from './options';

/** How an entry runs the mock: strict by default or not, and whether `reset()` reports rejections left unchecked. */
export interface MockRole {
  readonly strictByDefault: boolean;
  readonly resetThrows: boolean;
}

/** `createMock`: strict only when asked. */
const PLAIN: MockRole = { strictByDefault: false, resetThrows: true };

/** The mock's clock: every time rule (key expiry, plan tokens, retention, refresh tasks) reads it. */
export interface MockClock {
  now(): Date;
  /** Moves time forward and returns the new time. */
  advance(seconds: number): Date;
}

export type { MockSnapshot, MockSnapshotClock } from './snapshot/snapshot-format';

export interface WsadminMock {
  readonly baseUrl: string;
  /** `MOCK_KEY`. */
  readonly key: string;
  /** MSW handlers answering every operation under `baseUrl`; pass them to `setupServer` / `setupWorker`. */
  readonly handlers: HttpHandler[];
  readonly clock: MockClock;
  /** Calls the app directly (no MSW, no overrides): arrange and inspect state in tests. */
  readonly client: MockClient;
  /**
   * Every request the mock answered since it was made or last reset, oldest first (at most
   * `journal.limit`; empty with `journal: false`). Narrow an entry on `operationId` to type it.
   */
  readonly requests: readonly MockRequest[];
  /**
   * The journal as an HTTP Archive 1.2, secrets redacted: save it as a `.har` file and open it in
   * the Network panel of Chrome's or Firefox's developer tools.
   */
  har(): Har;
  /** Override answers that broke the contract since the last `reset()`. */
  readonly violations: readonly MockContractError[];
  /**
   * Requests the contract refused (400 `invalid_request`, 401, an unknown path, 405, 413, 415)
   * since the last `reset()` or `assertNoRejections()`, less the declared ones. Recorded whether
   * strict mode is on or not; strict mode logs each and fails the test.
   */
  readonly rejections: readonly MockRejection[];
  /**
   * Declares a rejection the test expects, until `reset()`: an operationId (any of its rejections)
   * or `{ operationId, status, reason }`. Returns a function that removes the declaration.
   */
  allowRejection(rejection: AllowedRejection): () => void;
  /** Throws `MockRejectionError` naming each rejection since the last reset or check, and clears them. */
  assertNoRejections(): void;
  /**
   * The mock's answer to a request, without MSW (usable as the SDK's `fetch`). A `network-error`
   * override rejects, as the real `fetch` does.
   */
  fetch(request: Request): Promise<Response>;
  /**
   * The answer MSW gets: as `fetch`, but a `network-error` override resolves to `Response.error()`.
   * For bridges to other interceptors (`routeMock` aborts the browser's request on it).
   */
  respond(request: Request): Promise<Response>;
  /** Waits until storage is open and seeded (and the journal ready to record); rejects when the seed fails. */
  ready(): Promise<void>;
  /**
   * Back to the start: the database as it was right after the keys and the seed were applied (the
   * seed runs once per mock; its result is copied back), or the scenario's `snapshot`; the
   * scenario's overrides alone active, journal and violations cleared, clock back at the
   * scenario's start.
   */
  reset(): Promise<void>;
  /**
   * The whole state as plain JSON: the database (data, keys, id sequences, plan tokens,
   * idempotency records, refresh tasks) and the clock. Not the overrides, which belong to the test.
   */
  snapshot(): Promise<MockSnapshot>;
  /**
   * Puts back the state of a snapshot (also after a JSON round trip): its database and its clock;
   * overrides stay as they are, and `reset()` still returns to the scenario. Anything else (another
   * schema version, the old `{ bytes }`, altered text) rejects with `MockSnapshotError` and the
   * mock keeps its state.
   */
  restore(snapshot: MockSnapshot): Promise<void>;
  /** Answers an operation differently until `reset()`; returns a function that removes it. */
  override<K extends OperationId>(
    operationId: K,
    override: Override<K>,
    options?: OverrideOptions,
  ): () => void;
  clearOverrides(): void;
  /** The overrides in force (the scenario's and the test's), read-only: what answers instead of the app. */
  readonly overrides: readonly MockActiveOverride[];
  /** Creates a key until the next reset and returns its secret (random unless given). */
  createKey(key?: Partial<MockKey>): Promise<string>;
  revokeKey(secret: string): Promise<void>;
  /** The storage behind the app, for what no operation can do (e.g. inserting a model directly). */
  storage(): Promise<MemoryStorage>;
  /** Closes the storage; a later request opens and seeds a fresh one. */
  close(): Promise<void>;
}

/**
 * Stateful mock of the service: the reference server's app on in-memory SQLite, behind MSW handlers
 * made with `http` (each entry's `createMock` passes the one of the project's msw). The state
 * (storage, keys, seed, clock) and the answering (overrides, MSW handler) live apart; this joins
 * them into the public object, `WsadminMock`.
 */
export function createMockWith(
  http: MswHttp,
  options: MockOptions = {},
  /** Handlers of the mock's own requests, after the answering one (the page's WebAssembly, passed through). */
  ownRequests: HttpHandler[] = [],
  /** Where the mock runs: test tools are strict by default; in a page nobody catches what `reset()` throws. */
  role: MockRole = PLAIN,
): WsadminMock {
  const scope = baseScope(options.baseUrl ?? MOCK_BASE_URL);
  const state = createMockState(options);
  const journal =
    options.journal === false
      ? undefined
      : createJournal({
          limit: options.journal?.limit ?? DEFAULT_JOURNAL_LIMIT,
          now: () => state.clock.now(),
          changes: state.changes,
        });
  const strict = options.strict ?? role.strictByDefault;
  const rejectionLog = createRejectionLog(
    options.allowRejections ?? [],
    options.onRejection ??
      (strict
        ? (rejection) => console.error(`[wsadmin mock] strict mode: ${rejection.message}`)
        : () => undefined),
  );
  const answering = createAnswering({
    rejections: rejectionLog,
    scope,
    http,
    journal,
    appFetch: state.appFetch,
    onViolation: options.onContractViolation ?? ((error) => console.error(`[wsadmin mock] ${error.message}`)),
  });
  const startOverrides = scenarioOverrides(options.overrides);
  const applyScenarioOverrides = () => {
    for (const [operationId, override, overrideOptions] of startOverrides)
      answering.override(operationId, override, overrideOptions);
  };
  applyScenarioOverrides();

  return {
    baseUrl: scope.href,
    key: MOCK_KEY,
    handlers: [...answering.handlers, ...ownRequests],
    clock: state.clock,
    client: mockClient((request) => state.appFetch(request), MOCK_KEY),
    get requests() {
      return journal?.entries ?? [];
    },
    har: () => harOf(journal?.entries ?? []),
    get violations() {
      return answering.violations;
    },
    get rejections() {
      return rejectionLog.rejections;
    },
    allowRejection: rejectionLog.allow,
    assertNoRejections: rejectionLog.check,
    async fetch(request) {
      const response = await answering.answer(request);
      // Outside MSW a network error is a rejected fetch, as with the real one.
      if (response.type === 'error')
        throw new TypeError('Failed to fetch (wsadmin mock: network-error override)');
      return response;
    },
    respond: answering.answer,
    ready: state.ready,
    async reset() {
      answering.clear();
      journal?.clear();
      applyScenarioOverrides();
      const unchecked = rejectionLog.reset();
      await state.reset();
      // The last resort of strict mode where no hook checked after the test that made them.
      if (strict && role.resetThrows && unchecked.length > 0) throw new MockRejectionError(unchecked);
    },
    snapshot: state.snapshot,
    restore: state.restore,
    override: answering.override,
    clearOverrides: answering.clearOverrides,
    get overrides() {
      return answering.active();
    },
    createKey: state.createKey,
    revokeKey: state.revokeKey,
    storage: state.storage,
    close: state.close,
  };
}
