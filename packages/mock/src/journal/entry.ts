import { type OperationId, readEnvelope } from '@wsadmin/contract';
import { matchOperation, type StoredRowChange } from '@wsadmin/server-core';
import { kindOf } from './kinds';
import { REDACTED, redactedBody, redactedHeaders, redactedRow } from './redact';
import type { MockAnswer, MockChange, MockRequest } from './types';

/** What the journal keeps of a request as it is answered; the entry is made from it when read. */
export interface AnsweredRequest {
  readonly seq: number;
  readonly method: string;
  readonly url: string;
  readonly path: string;
  readonly headers: Headers;
  /** The body as sent; '' for none. */
  readonly body: string;
  readonly startedAt: Date;
  readonly durationMs: number;
  readonly overridden: boolean;
  readonly changes: readonly StoredRowChange[];
  readonly status: number;
  readonly answerHeaders: Headers | undefined;
  /** The answer's body; undefined for a network error. */
  readonly answerText: string | undefined;
}

/** The journal entry of an answered request: parsed, typed, secrets redacted. */
export function entryOf(answered: AnsweredRequest): MockRequest {
  const url = new URL(answered.url);
  const matched = matchOperation(answered.method, answered.path);
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(name);
    query[name] = values.length === 1 ? (values[0] as string) : values;
  }
  const entry = {
    seq: answered.seq,
    operationId: matched?.operationId as OperationId,
    method: answered.method,
    url: answered.url,
    path: answered.path,
    params: matched?.params ?? {},
    query,
    headers: redactedHeaders(answered.headers),
    body: bodyOf(answered.body),
    startedAt: answered.startedAt.toISOString(),
    durationMs: answered.durationMs,
    overridden: answered.overridden,
    answer: answerOf(answered),
    changes: answered.changes.map(changeOf),
  };
  return entry as MockRequest;
}

function bodyOf(text: string): unknown {
  if (text === '') return undefined;
  try {
    return redactedBody(JSON.parse(text));
  } catch {
    return /password|secret/i.test(text) ? REDACTED : text;
  }
}

function answerOf({ status, answerHeaders, answerText }: AnsweredRequest): MockAnswer {
  if (answerText === undefined || !answerHeaders)
    return { status: 0, errmsg: undefined, errcode: undefined, data: undefined, headers: {} };
  let body: unknown;
  try {
    body = answerText === '' ? undefined : JSON.parse(answerText);
  } catch {
    body = answerText;
  }
  // The envelope's fields as the contract reads them; any other answer (text, a bare value) is the data.
  const envelope = readEnvelope(body);
  return {
    errmsg: envelope?.errmsg,
    errcode: envelope?.errcode,
    status,
    data: envelope ? redactedBody(envelope.data) : body,
    headers: redactedHeaders(answerHeaders),
  };
}

function changeOf(row: StoredRowChange): MockChange {
  const values = Object.values(row.key);
  const id =
    values.length === 1 && (typeof values[0] === 'number' || typeof values[0] === 'string')
      ? values[0]
      : values.map(String).join('/');
  return {
    kind: kindOf(row.table, row.after ?? row.before ?? {}),
    table: row.table,
    action: row.action,
    id,
    ...(row.before ? { before: redactedRow(row.before) } : {}),
    ...(row.after ? { after: redactedRow(row.after) } : {}),
  };
}
