import type { OperationId } from '@wsadmin/contract';
import { API_PREFIX, isRouteFound, matchRoute, pathOf, routes } from '@wsadmin/contract/routes';
import { type Answer, compareAnswers, type Difference } from './compare';
import { schemaOf } from './contract-schemas';
import { type EntryProblem, isProblem, type RecordedExchange, readHar } from './har-reader';
import { IdentifierMap } from './id-map';
import { fieldKind, kindOfParam } from './identifier-kinds';
import { mappedQuery } from './query-map';
import { mapIdentifiers } from './schema-walk';

/** Where the recording is replayed: a started server (its URL and key) or the in-process mock's `fetch`. */
export interface ReplayTarget {
  baseUrl: string;
  /** The access key the replay sends; the recording's own credentials are never sent or shown. */
  key: string;
  fetch: (request: Request) => Promise<Response>;
}

/** One recorded request of this service and what its replay showed. */
export interface ReplayedEntry {
  index: number;
  method: string;
  /** The recorded path (no query, no host: nothing a secret could hide in). */
  path: string;
  operationId: OperationId;
  differences: Difference[];
}

export interface SkippedEntry {
  index: number;
  method: string;
  url: string;
  why: string;
}

export interface ReplayResult {
  replayed: ReplayedEntry[];
  /** Requests of other services (or CORS preflights), left out. */
  skipped: SkippedEntry[];
  /** Entries of this service that could not be replayed, each named by index and URL. */
  problems: EntryProblem[];
}

/** Request headers never copied from the recording: credentials, and what fetch sets itself. */
const NOT_COPIED =
  /^(:|authorization$|proxy-authorization$|cookie$|host$|content-length$|connection$|accept-encoding$|x-api-key$|x-auth-token$)/;

export interface ReplayOptions {
  /** Identifiers known before the replay starts: a seeded target's ids of the recorded objects (`seededIdentifiers`). */
  known?: ReadonlyArray<{ kind: string; recorded: number; replayed: number }>;
}

/** Replays a HAR text in order, each entry once, mapping identifiers as the answers show them. */
export async function replayRecording(
  harText: string,
  target: ReplayTarget,
  options: ReplayOptions = {},
): Promise<ReplayResult> {
  const result: ReplayResult = { replayed: [], skipped: [], problems: [] };
  const ids = new IdentifierMap();
  for (const { kind, recorded, replayed } of options.known ?? []) ids.learn(recorded, replayed, kind);
  for (const item of readHar(harText)) {
    if (isProblem(item)) {
      result.problems.push(item);
      continue;
    }
    const url = new URL(item.url, 'http://recording.invalid');
    if (!url.pathname.startsWith(API_PREFIX) || item.method === 'OPTIONS' || item.method === 'HEAD') {
      result.skipped.push({
        index: item.index,
        method: item.method,
        url: `${url.origin}${url.pathname}`,
        why: 'not a request of this service',
      });
      continue;
    }
    const problem = (text: string) =>
      result.problems.push({ index: item.index, url: `${url.origin}${url.pathname}`, problem: text });
    const route = matchRoute(item.method, url.pathname);
    if (!isRouteFound(route)) {
      problem(`unknown path: no operation of the contract is ${item.method} ${url.pathname}`);
      continue;
    }
    const recordedBody = parsedJson(item.answerText);
    if (recordedBody instanceof Error) {
      problem(
        `the recorded answer is not JSON (${recordedBody.message}), so there is nothing to compare with`,
      );
      continue;
    }
    const requestBody = item.body === undefined ? undefined : parsedJson(item.body);
    if (requestBody instanceof Error) {
      problem(`the recorded request body is not JSON (${requestBody.message})`);
      continue;
    }
    const request = replayRequest(
      item,
      route.operationId,
      route.params,
      url.search,
      requestBody,
      ids,
      target,
    );
    let answer: Answer;
    try {
      const response = await target.fetch(request);
      const text = await response.text();
      const body = parsedJson(text);
      answer = { status: response.status, body: body instanceof Error ? text : body };
    } catch (error) {
      problem(`the replay's request failed: ${(error as Error).message}`);
      continue;
    }
    result.replayed.push({
      index: item.index,
      method: item.method,
      path: url.pathname,
      operationId: route.operationId,
      differences: compareAnswers(
        route.operationId,
        { status: item.status, body: recordedBody },
        answer,
        ids,
      ),
    });
  }
  return result;
}

function replayRequest(
  item: RecordedExchange,
  operationId: OperationId,
  params: Record<string, string>,
  search: string,
  body: unknown,
  ids: IdentifierMap,
  target: ReplayTarget,
): Request {
  const integers: Readonly<Record<string, string>> = routes[operationId].params;
  const mappedParams = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      String(
        ids.map(value, integers[name] === 'integer' ? kindOfParam(operationId, name, params) : undefined),
      ),
    ]),
  );
  const path = pathOf(operationId, mappedParams, { integersAsText: true });
  const headers = new Headers();
  for (const [name, value] of Object.entries(item.headers))
    if (!NOT_COPIED.test(name)) headers.set(name, value);
  headers.set('authorization', `Bearer ${target.key}`);
  const mappedBody =
    body === undefined
      ? undefined
      : mapIdentifiers(body, schemaOf(operationId, 'body'), (value, place) =>
          ids.map(
            value,
            typeof value === 'number' ? fieldKind(operationId, place.name, place.enclosing) : undefined,
          ),
        );
  if (mappedBody !== undefined && !headers.has('content-type'))
    headers.set('content-type', 'application/json');
  const query = mappedQuery(operationId, search, ids);
  return new Request(`${target.baseUrl.replace(/\/+$/, '')}${path}${query}`, {
    method: item.method,
    headers,
    ...(mappedBody === undefined ? {} : { body: JSON.stringify(mappedBody) }),
  });
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    return new Error((error as Error).message);
  }
}
