// The mock a page runs, reachable from the devtools console: `__wsadminMock` on `window`.
import type { MockClock, WsadminMock } from '../create-mock';
import { type MockTables, readTables } from '../inspect/tables';
import type { MockRequest } from '../journal/types';

/** The property of `window` the handle is put on. */
export const DEVTOOLS_PROPERTY = '__wsadminMock';

/**
 * What `window.__wsadminMock` gives the devtools console: the journal, the state as tables, and
 * the mock's own controls. `mock` is the whole `WsadminMock` for anything else.
 *
 * @example
 * // in the devtools console
 * __wsadminMock.requests.at(-1)          // the last request, its answer and its changes
 * await __wsadminMock.state()             // { workspaces: [...], dimensions: [...], ... }
 * const saved = await __wsadminMock.snapshot(); ...; await __wsadminMock.restore(saved)
 * __wsadminMock.override('listWorkspaces', { errcode: 503, errmsg: 'down' }, { times: 1 })
 * __wsadminMock.clock.advance(3600)
 */
export interface MockDevtools {
  readonly mock: WsadminMock;
  /** The journal, oldest first (`mock.requests`). */
  readonly requests: readonly MockRequest[];
  /** The tables as stored now: workspaces, dimensions, measures, time series, member groups, members, accounts. */
  state(): Promise<MockTables>;
  readonly snapshot: WsadminMock['snapshot'];
  readonly restore: WsadminMock['restore'];
  readonly reset: WsadminMock['reset'];
  readonly override: WsadminMock['override'];
  readonly clearOverrides: WsadminMock['clearOverrides'];
  readonly clock: MockClock;
}

export function devtoolsHandle(mock: WsadminMock): MockDevtools {
  return {
    mock,
    get requests() {
      return mock.requests;
    },
    state: () => readTables(mock),
    snapshot: () => mock.snapshot(),
    restore: (snapshot) => mock.restore(snapshot),
    reset: () => mock.reset(),
    override: (operationId, override, options) => mock.override(operationId, override, options),
    clearOverrides: () => mock.clearOverrides(),
    clock: mock.clock,
  };
}

/** Puts the handle on `window` (the last mock started wins); returns a function that takes it off. */
export function exposeOnWindow(mock: WsadminMock): () => void {
  const handle = devtoolsHandle(mock);
  const target = globalThis as unknown as Record<string, unknown>;
  target[DEVTOOLS_PROPERTY] = handle;
  return () => {
    if (target[DEVTOOLS_PROPERTY] === handle) delete target[DEVTOOLS_PROPERTY];
  };
}
