/**
 * The envelope every answer is, as plain data: the one builder of success envelopes and the one
 * reader of answers, for the server, the mock, the SDK and the conformance kit. No zod (the
 * schemas are `envelope.ts`): the SDK loads this through `@wsadmin/contract/routes`.
 */

export const SUCCESS_CODE = 200;
export const SUCCESS_MESSAGE = 'success';

/** `{ errcode, errmsg, data? }`: success when `errcode` is `SUCCESS_CODE`, an error otherwise. */
export interface WireEnvelope {
  errcode: number;
  errmsg: string;
  data?: unknown;
}

/** The success envelope of an answer; `data` only where the operation answers with data. */
export function successEnvelope(data: unknown, withData: boolean): WireEnvelope {
  return withData
    ? { errcode: SUCCESS_CODE, errmsg: SUCCESS_MESSAGE, data }
    : { errcode: SUCCESS_CODE, errmsg: SUCCESS_MESSAGE };
}

/** The `data` of an error envelope: why (`reason`, finer than `errcode`) and, for bad input, which fields. */
export interface ErrorData {
  reason: string;
  issues?: readonly object[];
}

/** U+0000, a surrogate pair (kept as it is), or a lone surrogate. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is what this finds.
const UNSHOWABLE = /\u0000|[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]/g;

/**
 * A text fit for an error envelope, whatever the request held: U+0000 (which the document's
 * pattern refuses in every string) becomes the six characters `\u0000`, and a lone surrogate
 * (no Unicode text at all) becomes U+FFFD. Error texts quote keys and values a client sent.
 */
export function showableText(text: string): string {
  return text.replace(UNSHOWABLE, (found) =>
    found === '\u0000' ? '\\u0000' : found.length === 2 ? found : '\ufffd',
  );
}

function showableIssue(issue: object): object {
  const shown: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(issue))
    shown[name] = typeof value === 'string' ? showableText(value) : value;
  return shown;
}

/**
 * An error envelope: sent with an HTTP status equal to `errcode`; `issues` only where there are
 * some. Its texts go through `showableText`, the one place that keeps them within the document.
 */
export function errorEnvelope(
  errcode: number,
  errmsg: string,
  reason: string,
  issues?: readonly object[],
): WireEnvelope & { data: ErrorData } {
  return {
    errcode,
    errmsg: showableText(errmsg),
    data: issues ? { reason, issues: issues.map(showableIssue) } : { reason },
  };
}

/** `{"errcode":200,"errmsg":"success","data":`: what every success answer with data starts with. */
const SUCCESS_TEXT_START = `${JSON.stringify({ errcode: SUCCESS_CODE, errmsg: SUCCESS_MESSAGE }).slice(0, -1)},"data":`;

/**
 * The text of `successEnvelope(data, true)` around data already serialised (`dataJson`: JSON text),
 * without parsing or serialising it again: answers kept as text (lists, cached details).
 */
export function successEnvelopeText(dataJson: string): string {
  return `${SUCCESS_TEXT_START}${dataJson}}`;
}

/** The parsed JSON of an answer as an envelope, or `undefined` when it is none (no numeric `errcode`, no text `errmsg`). */
export function readEnvelope(value: unknown): WireEnvelope | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { errcode, errmsg } = value as Partial<WireEnvelope>;
  return typeof errcode === 'number' && typeof errmsg === 'string' ? (value as WireEnvelope) : undefined;
}

/** Whether an envelope is a success. */
export function isSuccess(envelope: WireEnvelope): boolean {
  return envelope.errcode === SUCCESS_CODE;
}
