import type { Entry, Har, Header } from 'har-format';
import type { MockRequest } from './types';

/** What `har()` adds to each HAR entry besides the standard fields (custom fields start with `_`). */
export interface MockHarFields {
  /** The journal entry's `seq`, `operationId`, `overridden` and `changes`. */
  _wsadmin: Pick<MockRequest, 'seq' | 'operationId' | 'overridden' | 'changes'>;
}

const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

const encoder = new TextEncoder();
const sizeOf = (text: string) => encoder.encode(text).byteLength;

/**
 * The journal as an HTTP Archive 1.2 (what Chrome DevTools' Network panel imports), secrets
 * redacted as in the journal. The request and answer bodies are written anew from the journal's
 * JSON, so their sizes are those of that text.
 */
export function harOf(entries: readonly MockRequest[]): Har {
  return {
    log: {
      version: '1.2',
      creator: { name: '@wsadmin/mock', version: '', comment: 'the request journal of a wsadmin mock' },
      entries: entries.map(harEntry),
    },
  };
}

function harEntry(entry: MockRequest): Entry & MockHarFields {
  const url = new URL(entry.url);
  const requestText = textOf(entry.body);
  const answerText = answerTextOf(entry);
  const time = Math.max(0, entry.durationMs);
  const failed = entry.answer.status === 0;
  return {
    startedDateTime: entry.startedAt,
    time,
    request: {
      method: entry.method,
      url: entry.url,
      httpVersion: 'HTTP/1.1',
      headers: headerList(entry.headers),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      cookies: [],
      headersSize: -1,
      bodySize: requestText === undefined ? 0 : sizeOf(requestText),
      ...(requestText === undefined
        ? {}
        : { postData: { mimeType: entry.headers['content-type'] ?? 'application/json', text: requestText } }),
    },
    response: {
      status: entry.answer.status,
      statusText: STATUS_TEXT[entry.answer.status] ?? '',
      httpVersion: failed ? '' : 'HTTP/1.1',
      headers: headerList(entry.answer.headers),
      cookies: [],
      content: {
        size: sizeOf(answerText),
        mimeType: entry.answer.headers['content-type'] ?? (failed ? 'x-unknown' : 'application/json'),
        text: answerText,
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: failed ? -1 : sizeOf(answerText),
    },
    cache: {},
    timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: time, receive: 0 },
    ...(failed ? { _error: 'net::ERR_FAILED' } : {}),
    _resourceType: 'fetch',
    _wsadmin: {
      seq: entry.seq,
      operationId: entry.operationId,
      overridden: entry.overridden,
      changes: entry.changes,
    },
  };
}

function headerList(headers: Readonly<Record<string, string>>): Header[] {
  return Object.entries(headers).map(([name, value]) => ({ name, value }));
}

function textOf(body: unknown): string | undefined {
  if (body === undefined) return undefined;
  return typeof body === 'string' ? body : JSON.stringify(body);
}

/** The answer's body: its envelope as the journal holds it (secrets redacted). */
function answerTextOf(entry: MockRequest): string {
  const { errcode, errmsg, data } = entry.answer;
  if (errcode !== undefined)
    return JSON.stringify({ errcode, errmsg, ...(data === undefined ? {} : { data }) });
  return textOf(data) ?? '';
}
