// One line per answered request, the same wherever a person reads it: a Playwright step's title,
// the report's request summary, a page's console group. Neutral code: no DOM, no Node.
import { isSuccess, readEnvelope } from '@wsadmin/contract/routes';

/** What a request line shows. */
export interface RequestLineParts {
  readonly method: string;
  /** Below the base URL, e.g. `/openapi/v1/workspaces/7/`. */
  readonly path: string;
  /** Undefined on a path the contract does not have. */
  readonly operationId: string | undefined;
  readonly status: number;
  /** The envelope's errmsg of an error answer. */
  readonly errmsg?: string | undefined;
  readonly durationMs?: number | undefined;
  /** An override answered, not the app. */
  readonly overridden?: boolean;
}

/** Longest errmsg kept on a line; the answer itself holds the rest. */
const ERRMSG_LENGTH = 160;

/**
 * `POST /openapi/v1/workspaces/ createWorkspace → 400 body: Unrecognized key: "title" (3 ms)`: method,
 * path, operationId (`(no operation)` on an unknown path), status, errmsg of an error answer,
 * `[override]` when an override answered, and the duration.
 */
export function requestLine(parts: RequestLineParts): string {
  const words = [parts.method, parts.path, parts.operationId ?? '(no operation)', '→', String(parts.status)];
  if (parts.errmsg) words.push(oneLine(parts.errmsg));
  if (parts.overridden) words.push('[override]');
  if (parts.durationMs !== undefined) words.push(`(${formatDuration(parts.durationMs)})`);
  return words.join(' ');
}

export function formatDuration(ms: number): string {
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > ERRMSG_LENGTH ? `${flat.slice(0, ERRMSG_LENGTH - 1)}…` : flat;
}

/** The errmsg of an envelope in answer text, if the answer is an error envelope. */
export function errmsgOf(text: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const envelope = readEnvelope(body);
  return envelope && !isSuccess(envelope) ? envelope.errmsg : undefined;
}
