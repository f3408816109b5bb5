import type { OperationId, OperationSpec } from '@wsadmin/contract';
import { hashText, type Json, type PointPath, pointsOf, prng, valueAt, withPoint } from './contract-samples';
import type { Base } from './fuzz-base';
import { encodeSegment } from './fuzz-base';
import { type Add, type FuzzCase, isObject } from './fuzz-case';

/** Random cases: seeded per operation, so a failure reproduces. */

export const SEED = 0x5eed_2024;
/** Random mutants per operation: enough variety, bounded time. */
export const RANDOM_CASES = 24;

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

export function randomCases(
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
