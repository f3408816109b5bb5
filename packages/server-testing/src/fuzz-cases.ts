import type { OperationId, OperationSpec } from '@wsadmin/contract';
import { inputSchemaOf } from './contract-samples';
import { baseOf, bodyVariants, pointAtSeeded } from './fuzz-base';
import { bodyCases } from './fuzz-body-cases';
import type { FuzzCase } from './fuzz-case';
import { randomCases } from './fuzz-random-cases';
import type { FuzzTargets } from './fuzz-seed';

export type { FuzzCase } from './fuzz-case';
export { RANDOM_CASES, SEED } from './fuzz-random-cases';

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
