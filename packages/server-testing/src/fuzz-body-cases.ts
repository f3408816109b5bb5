import { type Json, pointsOf, valueAt, withPoint } from './contract-samples';
import { type Add, type FuzzCase, isObject } from './fuzz-case';

/** Body cases: a broken body as a whole, then each point of each contract-derived body broken in turn. */

const ONE_MB = 'x'.repeat(1024 * 1024);
const OVER_LIMIT = 'y'.repeat(2 * 1024 * 1024 + 16);
const DEEP_LEVELS = 10_000;
const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

/** Values of every JSON type, to put where another type belongs. */
function wrongTypesFor(value: Json): Json[] {
  if (value === null) return ['null', 0, {}];
  switch (typeof value) {
    case 'string':
      return [123, true, [], {}, [value]];
    case 'number':
      return [String(value), 1.5, -1, 2 ** 53, 1e308, true];
    case 'boolean':
      return ['true', 1, 0, 'false'];
    default:
      return Array.isArray(value) ? [{}, 'list', 1, [null]] : [[], 'object', 1, [value]];
  }
}

export function bodyCases(first: Json, bodies: Json[], headers: Record<string, string>, add: Add): void {
  const text = JSON.stringify(first);
  add({ name: 'empty body', body: '', expect: 400 });
  add({ name: 'whitespace body', body: ' \n\t', expect: 400 });
  add({ name: 'no body at all', expect: 400 });
  add({ name: 'malformed JSON', body: text.slice(0, Math.max(1, text.length - 1)), expect: 400 });
  add({ name: 'JSON with a trailing comma', body: text.replace(/}$/, ',}'), expect: 400 });
  add({ name: 'not JSON at all', body: 'name=fuzz&desc=1', expect: 400 });
  add({ name: 'body null', body: 'null', expect: 400 });
  add({ name: 'body a string', body: '"text"', expect: 400 });
  add({ name: 'body a number', body: '42', expect: 400 });
  add({ name: 'body true', body: 'true', expect: 400 });
  add({
    name: 'array instead of the object',
    body: JSON.stringify([first]),
    expect: isObject(first) ? 400 : undefined,
  });
  add({ name: 'deeply nested array as body', body: deepArray(DEEP_LEVELS), expect: 400 });
  add({ name: 'deeply nested object as body', body: deepObject(DEEP_LEVELS), expect: 400 });
  add({ name: 'body over 2 MiB', body: JSON.stringify({ fuzz: OVER_LIMIT }), expect: 413 });
  add({ name: 'byte-order mark before JSON', body: `\ufeff${text}` });
  // A body must be application/json (charset, if any, UTF-8); `curl -d` alone sends a form type.
  const { 'content-type': _json, ...untyped } = headers;
  add({ name: 'no content type', body: text, headers: untyped, expect: 415, mention: 'Content-Type' });
  for (const type of [
    'application/x-www-form-urlencoded',
    'text/plain',
    'application/merge-patch+json',
    'application/json; charset=latin1',
  ])
    add({
      name: `content type ${type}`,
      body: text,
      headers: { ...headers, 'content-type': type },
      expect: 415,
    });
  for (const type of ['application/json; charset=utf-8', 'Application/JSON;Charset="UTF-8"'])
    add({ name: `content type ${type}`, body: text, headers: { ...headers, 'content-type': type } });
  if (isObject(first)) {
    add({
      name: 'unknown field',
      body: JSON.stringify({ ...first, fuzzUnknownField: 1 }),
      expect: 400,
      mention: 'fuzzUnknownField',
    });
    add({
      name: '__proto__ key',
      body: `{"__proto__":{"polluted":true},${text.slice(1)}`.replace(',}', '}'),
    });
    add({
      name: 'duplicate keys',
      body: `${text.slice(0, -1)}${text.length > 2 ? ',' : ''}${text.slice(1)}`,
    });
  }

  const seen = new Set<string>();
  let hugeDone = false;
  let deepDone = false;
  for (const [variant, body] of bodies.entries()) {
    for (const path of pointsOf(body, 4).slice(0, 40)) {
      const where = `body#${variant}.${path.join('.')}`;
      const current = valueAt(body, path);
      if (current === undefined) continue;
      const mutate = (name: string, replacement: Json | undefined, extra: Partial<FuzzCase> = {}) => {
        const bodyText = JSON.stringify(withPoint(body, path, replacement));
        const key = `${name}|${bodyText}`;
        if (seen.has(key)) return;
        seen.add(key);
        add({ name: `${where}: ${name}`, body: bodyText, ...extra });
      };
      mutate('removed', undefined);
      mutate('null', null);
      for (const wrong of wrongTypesFor(current))
        mutate(`wrong type ${JSON.stringify(wrong).slice(0, 20)}`, wrong);
      // Refused, though a stale revision or a missing object may be reported first.
      if (isObject(current))
        mutate('unknown member', { ...current, fuzzUnknownField: 'x' }, { refused: true });
      if (Array.isArray(current) && current.length > 0) {
        mutate('empty list', []);
        mutate(
          '1001 items',
          Array.from({ length: 1001 }, () => current[0] ?? null),
        );
      }
      if (typeof current === 'string' && !hugeDone) {
        hugeDone = true;
        mutate('1 MB string', ONE_MB);
      }
      if (!deepDone) {
        deepDone = true;
        const marked = JSON.stringify(withPoint(body, path, '__DEEP__'));
        add({
          name: `${where}: nested ${DEEP_LEVELS} deep`,
          body: marked.replace('"__DEEP__"', deepArray(DEEP_LEVELS)),
        });
        add({
          name: `${where}: objects nested deep`,
          body: marked.replace('"__DEEP__"', deepObject(DEEP_LEVELS)),
        });
      }
    }
  }
}
