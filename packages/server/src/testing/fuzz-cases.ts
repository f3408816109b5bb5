import { managementCollections, type OperationId, type OperationSpec } from '@wsadmin/contract';
import {
  hashText,
  inputSchemaOf,
  type Json,
  type PointPath,
  pointsOf,
  prng,
  SampleMaker,
  valueAt,
  withPoint,
} from './contract-samples';
import { type FuzzTargets, SEEDED_DIMENSION_KEYWORD } from './fuzz-seed';

/** One request of the fuzz run and what it must get besides the common rules. */
export interface FuzzCase {
  name: string;
  method: string;
  /** Path with the query, already encoded. */
  target: string;
  headers: Record<string, string>;
  /** Raw body text; undefined = no body. */
  body?: string | undefined;
  /** Whether the request reaches the operation's route (so its status must be one the document declares). */
  routed: boolean;
  /** A status only this answer is right with. */
  expect?: number | undefined;
  /** Must not succeed (an unknown member deep in the body), whichever error comes first. */
  refused?: boolean;
  /** Text the error must contain (a field name, a hint). */
  mention?: string;
}

export const SEED = 0x5eed_2024;
/** Random mutants per operation: enough variety, bounded time. */
export const RANDOM_CASES = 24;
const ONE_MB = 'x'.repeat(1024 * 1024);
const OVER_LIMIT = 'y'.repeat(2 * 1024 * 1024 + 16);
const DEEP_LEVELS = 10_000;
const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

/** Path-segment values that are wrong for an id or merely odd; already URL-encoded. */
const ODD_SEGMENTS = [
  '-1',
  '0',
  '2147483648',
  '99999999999999999999',
  'NaN',
  'Infinity',
  'abc',
  '1.5',
  '1e3',
  '0x10',
  '%201',
  '%00',
  '%2F',
  '%F0%9F%92%A9',
  '%27%20OR%201%3D1--',
  'x'.repeat(5000),
];

const ODD_QUERY_VALUES = ['abc', '-1', '', '1.5', '99999999999999999999', 'NaN', '%00', 'x'.repeat(5000)];

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

const EDGE_STRINGS = [
  '',
  ' ',
  'null',
  'true',
  '0',
  '-1',
  '1e3',
  'NaN',
  '2147483648',
  '__proto__',
  '../../etc/passwd',
  '%00',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '\u0000',
  '\ud800',
  'é',
  '💩'.repeat(64),
  'a'.repeat(256),
];
const EDGE_NUMBERS = [0, -0, -1, 1, 1.5, 2 ** 31 - 1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308, 5e-324];
const CHARS = 'aZ09 _-.,:/\\"\'{}[]%$€ü💩\n\t\u0000\u202e';

class Randomness {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = prng(seed);
  }
  int(limit: number): number {
    return Math.floor(this.next() * limit);
  }
  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
  string(): string {
    if (this.next() < 0.5) return this.pick(EDGE_STRINGS);
    return Array.from({ length: this.int(40) }, () => this.pick([...CHARS])).join('');
  }
  value(depth = 0): Json {
    const kind = this.int(depth > 2 ? 4 : 6);
    switch (kind) {
      case 0:
        return null;
      case 1:
        return this.next() < 0.5;
      case 2:
        return this.next() < 0.5 ? this.pick(EDGE_NUMBERS) : this.int(2000) - 1000;
      case 3:
        return this.string();
      case 4:
        return Array.from({ length: this.int(4) }, () => this.value(depth + 1));
      default: {
        const out: { [key: string]: Json } = {};
        for (let i = this.int(4); i > 0; i--) out[this.string().slice(0, 12) || 'k'] = this.value(depth + 1);
        return out;
      }
    }
  }
}

interface Base {
  params: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
}

const isObject = (value: Json | undefined): value is { [key: string]: Json } =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Every fuzz request for one operation: contract-derived, systematically broken, and random. */
export function fuzzCases(operationId: OperationId, op: OperationSpec, context: FuzzTargets): FuzzCase[] {
  const base = baseOf(op, context);
  const method = op.method.toUpperCase();
  const cases: FuzzCase[] = [];
  const target = (params = base.params, query = base.query) => {
    const path = op.path.replace(/\{(\w+)\}/g, (_match, name: string) => params[name] ?? '');
    const search = new URLSearchParams(query).toString();
    return search ? `${path}?${search}` : path;
  };
  const add = (fuzz: Omit<FuzzCase, 'method' | 'target' | 'headers' | 'routed'> & Partial<FuzzCase>) =>
    cases.push({ method, target: target(), headers: base.headers, routed: true, ...fuzz });

  const bodies = op.body ? bodyVariants(op.body).map((body) => pointAtSeeded(body, op, context)) : [];
  const first = bodies[0];
  const firstText = first === undefined ? undefined : JSON.stringify(first);
  for (const [index, body] of bodies.entries())
    add({ name: `contract-derived body #${index}`, body: JSON.stringify(body) });
  if (!op.body) add({ name: 'contract-derived request' });

  // Authentication comes first for every operation.
  const withAuth = (authorization: string | undefined) => {
    const { authorization: _dropped, ...rest } = base.headers;
    return authorization === undefined ? rest : { ...rest, authorization };
  };
  add({ name: 'no Authorization', headers: withAuth(undefined), body: firstText, expect: 401 });
  add({ name: 'unknown key', headers: withAuth('Bearer wsk_not-a-key'), body: firstText, expect: 401 });
  add({ name: 'Basic scheme', headers: withAuth('Basic dXNlcjpwYXNz'), body: firstText, expect: 401 });
  add({
    name: 'JWT-shaped bearer',
    headers: withAuth('Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln'),
    expect: 401,
  });
  add({ name: '10k-character key', headers: withAuth(`Bearer ${'k'.repeat(10_000)}`), expect: 401 });

  const slashless = target().replace(/\/(\?|$)/, '$1');
  add({
    name: 'missing trailing slash',
    target: slashless,
    body: firstText,
    routed: false,
    expect: 404,
    mention: 'must end with "/"',
  });

  for (const name of Object.keys(base.params)) {
    for (const segment of ODD_SEGMENTS) {
      add({
        name: `path ${name}=${segment.slice(0, 24)}`,
        target: target({ ...base.params, [name]: segment }),
        body: firstText,
      });
    }
    add({
      name: `path ${name} empty`,
      target: target({ ...base.params, [name]: '' }),
      body: firstText,
      routed: false,
    });
  }

  for (const name of Object.keys(base.query)) {
    for (const value of ODD_QUERY_VALUES) {
      add({
        name: `query ${name}=${value.slice(0, 24)}`,
        target: target(base.params, { ...base.query, [name]: value }),
      });
    }
    add({ name: `query ${name} repeated`, target: `${target()}&${encodeURIComponent(name)}=2` });
  }
  add({ name: 'unknown query parameter', target: `${target()}${target().includes('?') ? '&' : '?'}fuzz=1` });

  const requiredHeaders = op.headers ? (inputSchemaOf(op.headers).required ?? []) : [];
  for (const name of Object.keys(op.headers?.shape ?? {})) {
    const { [name]: _dropped, ...without } = base.headers;
    const expect = requiredHeaders.includes(name) ? 400 : undefined;
    add({ name: `header ${name} missing`, headers: without, body: firstText, expect });
    for (const value of ['', '   ', 'k'.repeat(129), 'a, b', 'é', 'x'.repeat(8000)]) {
      add({
        name: `header ${name}=${value.slice(0, 12)}`,
        headers: { ...base.headers, [name]: value },
        body: firstText,
      });
    }
  }

  if (op.body) {
    bodyCases(first ?? null, bodies, base.headers, add);
  } else if (method === 'GET') {
    // Sent over a socket: fetch refuses GET bodies. The body must be ignored, not break the request.
    add({ name: 'GET with a JSON body', body: '{"unexpected":true}' });
    add({ name: 'GET with malformed JSON', body: '{"unexpected":' });
  } else {
    add({ name: `${method} with an unexpected body`, body: '{"unexpected":true}' });
    add({ name: `${method} with malformed JSON`, body: '{' });
  }

  randomCases(operationId, op, base, firstText, cases, target, add);
  return cases;
}

function baseOf(op: OperationSpec, context: FuzzTargets): Base {
  const params: Record<string, string> = {};
  if (op.params) {
    const sample = new SampleMaker(inputSchemaOf(op.params)).sample(inputSchemaOf(op.params), 'minimal');
    const sampled = (name: string) => rawTextOf(isObject(sample) ? sample[name] : '1');
    for (const name of Object.keys(op.params.shape))
      params[name] = encodeSegment(seededParam(op, name, context) ?? sampled(name));
  }
  const query: Record<string, string> = {};
  if (op.query) {
    const schema = inputSchemaOf(op.query);
    const sample = new SampleMaker(schema).sample(schema, 'full');
    // Raw: URLSearchParams encodes.
    if (isObject(sample)) for (const [name, value] of Object.entries(sample)) query[name] = rawTextOf(value);
  }
  const headers: Record<string, string> = {
    authorization: `Bearer ${context.key}`,
    'content-type': 'application/json',
  };
  if (op.headers) {
    const schema = inputSchemaOf(op.headers);
    const sample = new SampleMaker(schema).sample(schema, 'full');
    if (isObject(sample))
      for (const [name, value] of Object.entries(sample)) headers[name] = rawTextOf(value);
  }
  return { params, query, headers };
}

/** The seeded object a path parameter names, where there is one. */
function seededParam(op: OperationSpec, name: string, context: FuzzTargets): string | undefined {
  switch (name) {
    case 'workspaceId':
      return String(context.workspaceId);
    case 'timeSeriesId':
      return String(context.objectIds['time-series']);
    case 'member_groups_pk':
      return String(context.memberGroupId);
    case 'member_uid':
    case 'member_id':
    case 'account_uid':
      return context.accountUid;
    case 'type':
      return 'dimensions';
    case 'id': {
      // The collection is the segment before `{id}` (`impacts/{type}/{id}/` uses the `type` above).
      const segment = /\/([^/]+)\/\{id\}\/$/.exec(op.path)?.[1];
      const collection = segment === '{type}' ? 'dimensions' : segment;
      const id =
        collection === undefined
          ? undefined
          : context.objectIds[collection as keyof FuzzTargets['objectIds']];
      return id === undefined ? undefined : String(id);
    }
    default:
      return undefined;
  }
}

const rawTextOf = (value: Json | undefined) =>
  typeof value === 'string' ? value : JSON.stringify(value ?? 1);

/** encodeURIComponent, except that a lone surrogate becomes bytes that are not UTF-8 instead of a throw. */
function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80`;
  }
}

function bodyVariants(body: NonNullable<OperationSpec['body']>): Json[] {
  const maker = new SampleMaker(inputSchemaOf(body));
  const full = maker.rootVariants('full');
  return [...maker.rootVariants('minimal'), ...full];
}

/** Collection an `id` in this operation's body means: the last one named in its path. */
function collectionOf(op: OperationSpec): string | undefined {
  const names: string[] = ['workspaces', ...managementCollections];
  return op.path
    .split('/')
    .filter((segment) => names.includes(segment))
    .at(-1);
}

const ID_LISTS: Record<string, string> = {
  dimensionIds: 'dimensions',
  dimensions: 'dimensions',
  measureIds: 'measures',
  measures: 'measures',
  timeSeriesIds: 'time-series',
  timeSeries: 'time-series',
  dimensionTables: 'dimension-tables',
  workspaceIds: 'workspaces',
  memberGroupIds: 'member-groups',
};

/**
 * Contract-derived samples say `1` for every id and "fuzz" for every name; here the ones that
 * must exist point at the seeded objects instead, so the request reaches the handler's own logic.
 */
function pointAtSeeded(value: Json, op: OperationSpec, targets: FuzzTargets, key = ''): Json {
  const idOf = (collection: string | undefined): number | undefined => {
    if (collection === 'workspaces') return targets.workspaceId;
    if (collection === 'member-groups') return targets.memberGroupId;
    return collection === undefined
      ? undefined
      : targets.objectIds[collection as keyof FuzzTargets['objectIds']];
  };
  if (Array.isArray(value)) {
    const listOf = ID_LISTS[key];
    if (listOf !== undefined && value.every((item) => typeof item === 'number')) {
      const id = idOf(listOf);
      return id === undefined ? value : value.map(() => id);
    }
    if (key === 'modelUids' || (key === 'resource' && value.every((item) => typeof item === 'string'))) {
      return value.map(() => targets.modelUid);
    }
    return value.map((item) => pointAtSeeded(item, op, targets));
  }
  if (isObject(value)) {
    const out: { [name: string]: Json } = {};
    for (const [name, member] of Object.entries(value)) out[name] = pointAtSeeded(member, op, targets, name);
    return out;
  }
  if (typeof value === 'number' && (key === 'id' || key === 'targetId'))
    return idOf(collectionOf(op)) ?? value;
  if (typeof value === 'string' && key === 'resource') return SEEDED_DIMENSION_KEYWORD;
  if (typeof value === 'string' && key === 'modelUid') return targets.modelUid;
  return value;
}

type Add = (fuzz: Omit<FuzzCase, 'method' | 'target' | 'headers' | 'routed'> & Partial<FuzzCase>) => void;

function bodyCases(first: Json, bodies: Json[], headers: Record<string, string>, add: Add): void {
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
  // The server reads JSON whatever the type says (`curl -d` sends a form type).
  add({
    name: 'form content type',
    body: text,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
  });
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

function randomCases(
  operationId: OperationId,
  op: OperationSpec,
  base: Base,
  firstText: string | undefined,
  cases: FuzzCase[],
  target: (params?: Record<string, string>, query?: Record<string, string>) => string,
  add: Add,
): void {
  const random = new Randomness(SEED ^ hashText(operationId));
  const bodies = cases
    .filter((each) => each.name.startsWith('contract-derived body'))
    .map((each) => each.body);
  for (let i = 0; i < RANDOM_CASES; i++) {
    const name = `random #${i}`;
    const choice = random.int(op.body ? 6 : 2);
    if (choice === 0 && Object.keys(base.params).length > 0) {
      const param = random.pick(Object.keys(base.params));
      const value = encodeSegment(random.string()) || '1';
      add({
        name: `${name}: path ${param}`,
        target: target({ ...base.params, [param]: value }),
        body: firstText,
      });
      continue;
    }
    if (choice <= 1) {
      const param = Object.keys(base.query).length > 0 ? random.pick(Object.keys(base.query)) : 'fuzz';
      const value = random.string();
      add({
        name: `${name}: query ${param}`,
        target: target(base.params, { ...base.query, [param]: value }),
        body: firstText,
      });
      continue;
    }
    const text = random.pick(bodies) ?? '{}';
    if (choice === 2) {
      // Break the JSON text itself.
      const at = random.int(text.length + 1);
      const junk = random.pick(['', '"', '{', '}', ',', ':', '\\', 'undefined', 'NaN', '\u0000']);
      add({ name: `${name}: text edit at ${at}`, body: `${text.slice(0, at)}${junk}${text.slice(at + 1)}` });
      continue;
    }
    let body = JSON.parse(text) as Json;
    for (let edits = 1 + random.int(3); edits > 0; edits--) body = randomEdit(body, random);
    add({ name: `${name}: value edits`, body: JSON.stringify(body) });
  }
}

function randomEdit(body: Json, random: Randomness): Json {
  const points: PointPath[] = [[], ...pointsOf(body, 6)];
  const path = random.pick(points);
  const current = valueAt(body, path);
  switch (random.int(4)) {
    case 0:
      return withPoint(body, path, random.value());
    case 1:
      return path.length > 0 ? withPoint(body, path, undefined) : body;
    case 2:
      if (isObject(current))
        return withPoint(body, path, { ...current, [random.string() || 'k']: random.value() });
      return withPoint(body, path, [current ?? null]);
    default:
      return withPoint(
        body,
        path,
        Array.isArray(current) ? [...current, ...current] : { value: current ?? null },
      );
  }
}
