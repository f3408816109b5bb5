import type { OperationSpec } from '@wsadmin/contract';
import type { Json } from './contract-samples';
import { baseOf, bodyVariants, encodeSegment, pointAtSeeded } from './fuzz-base';
import { isObject } from './fuzz-case';
import type { FuzzTargets } from './fuzz-seed';

/**
 * Requests holding text no answer may repeat as it came: U+0000, lone surrogates, C0 control
 * characters and bytes that are not UTF-8, in bodies (raw and JSON-escaped, as values and as
 * keys at every depth), path parameters, query values and query names. Derived from each
 * operation of the contract, starting from the valid request the fuzz run starts from.
 */

export interface HostileCase {
  name: string;
  method: string;
  /** Path with the query, already encoded. */
  target: string;
  headers: Record<string, string>;
  body?: Uint8Array<ArrayBuffer>;
}

/** Texts that must never come back as they are, each alone and all together. */
export const HOSTILE_TEXTS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udc00x',
  '\u0001\u001f\u007f',
  'k\u0000\ud800\u0001',
];

/** The same, percent-encoded as URL parts: NUL, a surrogate's UTF-8 (no UTF-8 at all), C0, bytes that start nothing. */
const HOSTILE_URL_PARTS = ['%00', 'a%00b', '%ED%A0%80', '%01%1F', '%FF', '%C0%80', 'x%00%FF'];

const utf8 = (text: string) => new TextEncoder().encode(text);
const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...utf8(part)] : part)));

/** Bodies that are not JSON, or not UTF-8, around the bytes above. */
const RAW_BODIES: [string, Uint8Array<ArrayBuffer>][] = [
  ['a NUL byte', bytes([0x00])],
  ['NUL bytes after JSON', bytes('{}', [0x00, 0x00])],
  ['a raw C0 character in a string', bytes('{"name":"', [0x01], '"}')],
  ['a raw NUL in a key', bytes('{"', [0x00], '":1}')],
  ['0xFF', bytes([0xff])],
  ['an overlong NUL in a string', bytes('{"name":"', [0xc0, 0x80], '"}')],
  ['a surrogate as UTF-8 in a key', bytes('{"', [0xed, 0xa0, 0x80], '":1}')],
  ['a JSON-escaped NUL', bytes('"\\u0000"')],
  ['JSON-escaped hostile keys', bytes('{"\\u0000":1,"\\ud800":2,"\\u0001":3}')],
];

/** Every place in a JSON value: the objects (where a key can go) and the strings (which a value can replace). */
function placesIn(
  value: Json,
  at: (string | number)[] = [],
): { objects: (string | number)[][]; strings: (string | number)[][] } {
  const found = { objects: [] as (string | number)[][], strings: [] as (string | number)[][] };
  if (typeof value === 'string') found.strings.push(at);
  else if (Array.isArray(value))
    value.forEach((item, index) => {
      const inner = placesIn(item, [...at, index]);
      found.objects.push(...inner.objects);
      found.strings.push(...inner.strings);
    });
  else if (isObject(value)) {
    found.objects.push(at);
    for (const [key, item] of Object.entries(value)) {
      const inner = placesIn(item, [...at, key]);
      found.objects.push(...inner.objects);
      found.strings.push(...inner.strings);
    }
  }
  return found;
}

/** A copy of `value` with `change` applied to what is at `at`. */
function changedAt(value: Json, at: (string | number)[], change: (found: Json) => Json): Json {
  const [first, ...rest] = at;
  if (first === undefined) return change(value);
  if (Array.isArray(value))
    return value.map((item, index) => (index === first ? changedAt(item, rest, change) : item));
  if (isObject(value)) return { ...value, [first]: changedAt(value[first] as Json, rest, change) };
  return value;
}

/** At most this many places of one body get a hostile key, and as many a hostile value. */
const PLACES = 24;

export function hostileCases(op: OperationSpec, targets: FuzzTargets): HostileCase[] {
  const base = baseOf(op, targets);
  const method = op.method.toUpperCase();
  const target = (params = base.params, query: [string, string][] = Object.entries(base.query)) => {
    const path = op.path.replace(/\{(\w+)\}/g, (_whole, name: string) => params[name] ?? '');
    // Already encoded (hostile parts stay as they are): joined by hand, not by URLSearchParams.
    const search = query.map(([name, value]) => `${name}=${value}`).join('&');
    return search ? `${path}?${search}` : path;
  };
  const first = op.body ? pointAtSeeded(bodyVariants(op.body).at(-1) as Json, op, targets) : undefined;
  const firstBytes = first === undefined ? undefined : utf8(JSON.stringify(first));
  const cases: HostileCase[] = [];
  const add = (name: string, change: Partial<HostileCase>) =>
    cases.push({
      name,
      method,
      target: target(),
      headers: base.headers,
      ...(firstBytes ? { body: firstBytes } : {}),
      ...change,
    });

  for (const name of Object.keys(base.params))
    for (const part of HOSTILE_URL_PARTS)
      add(`path ${name} = ${part}`, { target: target({ ...base.params, [name]: part }) });
  const encodedQuery = Object.entries(base.query).map(
    ([name, value]) => [name, encodeSegment(value)] as [string, string],
  );
  for (const name of [...Object.keys(base.query), 'hostile']) {
    for (const part of HOSTILE_URL_PARTS) {
      const query = encodedQuery.filter(([sent]) => sent !== name);
      add(`query ${name} = ${part}`, { target: target(base.params, [...query, [name, part]]) });
    }
  }
  for (const part of HOSTILE_URL_PARTS)
    add(`query name ${part}`, { target: target(base.params, [...encodedQuery, [part, '%FF']]) });

  if (first === undefined) return cases;
  for (const [name, body] of RAW_BODIES) add(`body: ${name}`, { body });
  const places = placesIn(first);
  for (const at of places.objects.slice(0, PLACES))
    for (const text of [HOSTILE_TEXTS[1], HOSTILE_TEXTS[5]] as string[]) {
      const changed = changedAt(first, at, (found) => ({ ...(found as object), [text]: 'x' }));
      add(`body key ${JSON.stringify(text)} at /${at.join('/')}`, { body: utf8(JSON.stringify(changed)) });
    }
  for (const at of places.strings.slice(0, PLACES))
    for (const text of HOSTILE_TEXTS) {
      const changed = changedAt(first, at, () => text);
      add(`body value ${JSON.stringify(text)} at /${at.join('/')}`, { body: utf8(JSON.stringify(changed)) });
    }
  return cases;
}
