import type { OperationId } from '@wsadmin/contract';
import type { RequestBody, RequestParams } from '../types';
import type { MockAnswer, MockRequest } from './types';

/** Every field optional, at any depth (arrays keep their length: each item is matched in turn). */
export type DeepPartial<T> = T extends readonly (infer E)[]
  ? readonly DeepPartial<E>[]
  : T extends object
    ? { readonly [P in keyof T]?: DeepPartial<T[P]> }
    : T;

/**
 * What a journal entry must hold for an expectation: each field given is compared as
 * `toMatchObject` does (objects partially, arrays item by item, asymmetric matchers such as
 * `expect.stringMatching` applied); path and query values may be given as numbers.
 */
export interface MockRequestMatch<K extends OperationId = OperationId> {
  readonly body?: DeepPartial<RequestBody<K>>;
  readonly params?: { readonly [P in keyof RequestParams<K>]?: string | number };
  readonly query?: Readonly<Record<string, unknown>>;
  readonly headers?: Readonly<Record<string, unknown>>;
  readonly answer?: DeepPartial<MockAnswer<K>>;
}

/** One field of an entry that differs from what was expected. */
export interface Difference {
  /** E.g. `body.name`. */
  readonly path: string;
  readonly expected: unknown;
  readonly actual: unknown;
}

const MATCHED_FIELDS = ['body', 'params', 'query', 'headers', 'answer'] as const;

/** The fields of `entry` that differ from `match` (none: it matches). */
export function differences(entry: MockRequest, match: MockRequestMatch | undefined): Difference[] {
  const found: Difference[] = [];
  if (!match) return found;
  for (const field of MATCHED_FIELDS) {
    if (match[field] === undefined) continue;
    const textual = field === 'params' || field === 'query';
    compare(entry[field], match[field], field, textual, found);
  }
  return found;
}

interface AsymmetricMatcher {
  asymmetricMatch(actual: unknown): boolean;
  toString?(): string;
  toAsymmetricMatcher?(): string;
}

export function isAsymmetric(value: unknown): value is AsymmetricMatcher {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { asymmetricMatch?: unknown }).asymmetricMatch === 'function'
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function compare(
  actual: unknown,
  expected: unknown,
  path: string,
  textual: boolean,
  found: Difference[],
): void {
  if (!holds(actual, expected, path, textual, found)) found.push({ path, expected, actual });
}

/** False when `actual` differs from `expected` as a whole; differences inside it go to `found`. */
function holds(actual: unknown, expected: unknown, path: string, textual: boolean, found: Difference[]) {
  if (isAsymmetric(expected)) return expected.asymmetricMatch(actual);
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return false;
    for (const [at, item] of expected.entries()) compare(actual[at], item, `${path}[${at}]`, textual, found);
    return true;
  }
  if (isRecord(expected)) {
    if (!isRecord(actual)) return false;
    for (const [key, value] of Object.entries(expected)) {
      compare(actual[key], value, `${path}.${key}`, textual, found);
    }
    return true;
  }
  if (Object.is(actual, expected)) return true;
  return textual && typeof expected === 'number' && actual === String(expected);
}

/** A value as a message shows it: JSON, matchers by name, long values cut. */
export function printed(value: unknown, max = 120): string {
  if (value === undefined) return 'undefined';
  if (isAsymmetric(value)) return matcherName(value);
  let text: string;
  try {
    text = JSON.stringify(value, (_key, field: unknown) =>
      isAsymmetric(field) ? `<${matcherName(field)}>` : field,
    );
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function matcherName(matcher: AsymmetricMatcher): string {
  const described = matcher.toAsymmetricMatcher?.() ?? matcher.toString?.();
  return described && described !== '[object Object]' ? described : 'a matcher';
}
