// What a page's mock says in the devtools console: a line when it starts, a collapsed group per
// request it answered.
import type { WsadminMock } from '../create-mock';
import type { MockRequest } from '../journal/types';
import { requestLine } from '../report/request-line';
import type { MockScenario } from '../scenario';
import { scenarioSummary } from './scenario-summary';

const PREFIX = '[wsadmin mock]';

/** The line a page logs once its mock answers: where, and from what scenario. */
export function logStart(mock: WsadminMock, scenario: MockScenario): void {
  console.info(`${PREFIX} answering ${mock.baseUrl}/openapi/v1/ (${scenarioSummary(scenario)})`);
}

/**
 * A collapsed console group per journal entry, oldest first, each logged once: the request line
 * (method, path, operationId, status, duration), inside it the request, the answer and the
 * changes. `logNew()` logs what the journal gained since the last call; a `reset()` in between
 * starts the count again.
 */
export function requestLogger(mock: WsadminMock): { logNew(): void } {
  let last: MockRequest | undefined;
  return {
    logNew() {
      const requests = mock.requests;
      for (const entry of requests.slice(unloggedFrom(requests, last))) {
        logEntry(entry);
        last = entry;
      }
    },
  };
}

/** Where the entries not yet logged start. */
function unloggedFrom(requests: readonly MockRequest[], last: MockRequest | undefined): number {
  if (!last) return 0;
  const index = requests.lastIndexOf(last);
  if (index >= 0) return index + 1;
  // The last one logged is gone: dropped by the journal's limit (what follows has higher numbers),
  // or the journal was reset (numbers start again at 1).
  const after = requests.findIndex((entry) => entry.seq > last.seq);
  return after >= 0 && requests[0] !== undefined && requests[0].seq > 1 ? after : 0;
}

function logEntry(entry: MockRequest): void {
  const failed = entry.answer.status >= 400 || entry.answer.status === 0;
  console.groupCollapsed(
    `${PREFIX} ${requestLine({
      method: entry.method,
      path: entry.path,
      operationId: entry.operationId,
      status: entry.answer.status,
      errmsg: failed ? entry.answer.errmsg : undefined,
      durationMs: entry.durationMs,
      overridden: entry.overridden,
    })}`,
  );
  console.log('request', {
    url: entry.url,
    params: entry.params,
    query: entry.query,
    body: entry.body,
    headers: entry.headers,
  });
  console.log('answer', entry.answer);
  console.log('changes', entry.changes);
  console.groupEnd();
}
