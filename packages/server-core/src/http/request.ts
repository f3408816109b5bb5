import type { OperationSpec } from '@wsadmin/contract';
import type { Context } from 'hono';
import type { z } from 'zod';
import { BoundedMap } from '../bounded-map';
import { ApiError, invalid } from '../errors';
import { invalidInput } from '../zod-issues';
import { unsupportedContentType } from './content-type';
import { decodeUtf8, isUtf8UrlPart, percentDecodedBytes } from './utf8';

export const BODY_LIMIT_BYTES = 2 * 1024 * 1024;

function parseWith(where: string, schema: z.ZodType, value: unknown, mayHoldBadText = true): unknown {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidInput(where, result.error);
  const bad = mayHoldBadText ? badTextIn(result.data, [where]) : undefined;
  if (bad) {
    const path = bad.path.join('.');
    throw invalid(`${path}: ${bad.message}`, [{ path, message: bad.message }]);
  }
  return result.data;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Why a text cannot be stored. PostgreSQL cannot store U+0000 in text (it answered 500); a lone
 * surrogate (JSON `"\ud800"`) is no Unicode text at all, and PostgreSQL and UTF-8 SQLite would keep
 * U+FFFD instead. Every backend refuses both alike (docs/spec-gaps.md).
 */
function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'text must not contain the NUL character (U+0000)';
  if (LONE_SURROGATE.test(text))
    return 'text must not contain a lone surrogate (a \\uD800-\\uDFFF escape without its pair)';
  return undefined;
}

/** The first string (value or key) that cannot be stored, and why. */
function badTextIn(value: unknown, path: string[]): { path: string[]; message: string } | undefined {
  if (typeof value === 'string') {
    const message = textProblem(value);
    return message ? { path, message } : undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = textProblem(key);
    if (keyProblem) return { path: [...path, key], message: `key: ${keyProblem}` };
    const found = badTextIn(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/**
 * A URL that holds neither a percent escape nor a character past ASCII is valid UTF-8 throughout:
 * the checks below, which parse the URL and decode each part, are skipped for it (most requests).
 */
const MAY_HOLD_BAD_UTF8 = /[%\u0080-\uffff]/;

/** Path parameters parsed per operation and path, at most this many paths per operation. */
const PARSED_PATHS = 500;
const parsedPaths = new WeakMap<OperationSpec, BoundedMap<string, unknown>>();

/** `matched`: the path values the route matcher found, decoded, as text. */
export function parseParams(
  op: OperationSpec,
  c: Context,
  matched: Readonly<Record<string, string>>,
): unknown {
  if (!op.params) return undefined;
  // The parameters are a function of the operation and the path alone: a path parsed before (a
  // workspace asked again) is not decoded and validated again. Only successes are kept.
  const url = c.req.url;
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  let parsed = parsedPaths.get(op);
  const known = parsed?.get(path);
  if (known !== undefined) return known;
  if (MAY_HOLD_BAD_UTF8.test(path)) checkPathUtf8(op, c);
  const params = Object.freeze(parseWith('path', op.params, matched));
  if (!parsed) {
    parsed = new BoundedMap({ maxEntries: PARSED_PATHS });
    parsedPaths.set(op, parsed);
  }
  parsed.set(path, params);
  return params;
}

function checkPathUtf8(op: OperationSpec, c: Context): void {
  // The raw segments: Hono keeps a segment that does not decode as it came, `%FF` and all. Counted
  // from the end, so an app mounted under a prefix lines up too.
  const template = op.path.split('/');
  const sent = new URL(c.req.url).pathname.split('/');
  const offset = sent.length - template.length;
  template.forEach((segment, index) => {
    const name = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (name && !isUtf8UrlPart(sent[index + offset] ?? ''))
      throw invalid(`path parameter ${name} is not valid UTF-8`, [
        { path: `path.${name}`, message: 'not valid UTF-8' },
      ]);
  });
}

export function parseQuery(op: OperationSpec, c: Context): unknown {
  if (MAY_HOLD_BAD_UTF8.test(c.req.url)) checkQueryUtf8(new URL(c.req.url).search.slice(1));
  return op.query ? parseWith('query', op.query, c.req.query()) : undefined;
}

/** Every query parameter, used or not: a request whose URL is not UTF-8 is not served at all. */
function checkQueryUtf8(search: string): void {
  if (search === '') return;
  for (const pair of search.split('&')) {
    const split = pair.indexOf('=');
    const name = split === -1 ? pair : pair.slice(0, split);
    if (!isUtf8UrlPart(name)) throw invalid('query has a parameter name that is not valid UTF-8');
    if (split !== -1 && !isUtf8UrlPart(pair.slice(split + 1))) {
      const text = new TextDecoder().decode(percentDecodedBytes(name.replaceAll('+', ' ')));
      const shown = text.length > 60 ? `${text.slice(0, 60)}…` : text;
      throw invalid(`query parameter ${shown} is not valid UTF-8`, [
        { path: `query.${shown}`, message: 'not valid UTF-8' },
      ]);
    }
  }
}

export function parseHeaders(op: OperationSpec, c: Context): unknown {
  if (!op.headers) return undefined;
  const values: Record<string, string | undefined> = {};
  for (const name of Object.keys(op.headers.shape)) values[name] = c.req.header(name);
  return parseWith('header', op.headers, values);
}

/**
 * The body, checked in the order a client fixes it: size, presence, media type, UTF-8, JSON, then
 * the operation's schema. An empty body is "missing" (400) whatever its Content-Type says.
 */
export async function parseBody(op: OperationSpec, c: Context): Promise<unknown> {
  if (!op.body) return undefined;
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > BODY_LIMIT_BYTES) throw tooLarge();
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength > BODY_LIMIT_BYTES) throw tooLarge();
  if (bytes.every(isJsonWhitespace)) throw invalid('a JSON request body is required');
  const unsupported = unsupportedContentType(c.req.header('content-type'));
  if (unsupported) throw unsupported;
  const decoded = decodeUtf8(bytes);
  if ('badByteAt' in decoded) throw invalid(`body is not valid UTF-8 at byte offset ${decoded.badByteAt}`);
  let json: unknown;
  try {
    json = JSON.parse(decoded.text);
  } catch (error) {
    throw invalid(`malformed JSON body: ${(error as Error).message.slice(0, 200)}`);
  }
  // JSON carries U+0000 and lone surrogates only escaped: most bodies need no walk.
  return parseWith('body', op.body, json, /\\u(0000|[dD][89a-fA-F])/.test(decoded.text));
}

const isJsonWhitespace = (byte: number) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;

const tooLarge = () =>
  new ApiError(413, `request body exceeds ${BODY_LIMIT_BYTES} bytes`, 'payload_too_large');
