import { managementKinds, SUCCESS_CODE, SUCCESS_MESSAGE } from '@wsadmin/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedModelInto } from '../../conformance/seed-model';
import { createApp } from '../app';
import { createKey } from '../auth/keys';
import { pbkdf2Passwords } from '../auth/pbkdf2-passwords';
import { AdjustableClock } from '../clock';
import { dimensionUsage, toDimension } from '../mappings/dimensions';
import { toMeasure } from '../mappings/measures';
import { toTimeSeriesListItem } from '../mappings/time-series';
import { openMemoryStorage } from '../storage/memory';
import type { Storage } from '../storage/storage';
import { modelReferenceIndex } from './model-references';
import { itemTexts } from './object-list-text';
import { insertObject, listObjects, updateObject } from './objects';
import { insertWorkspace } from './workspaces';

const clock = new AdjustableClock();
let storage: Storage;
let secret: string;
let workspaceId: number;

// Representative stored definitions: escapes, unicode (BMP, astral, combining), nested objects.
const tricky = 'quote " backslash \\ slash / tab \t newline \n bell \u0007 é ß 中文 😀 e\u0301 \u2028';
const dimensions = [
  { type: 'string', format: '', names: ['plain'] },
  {
    type: 'mapping',
    format: 'label',
    names: ['mapped', tricky],
    rating: -3,
    description: tricky,
    isKeyword: true,
    autoGroup: true,
    baseField: { choice: { '1': 'one', 'ключ "k"': tricky }, typeBeforeMap: 'int', typeAfterMap: 'string' },
    enableSubDimensionExplorer: true,
    keywordFilters: [
      { operator: 'contain', values: ['a', tricky] },
      { operator: 'isNull', values: [] },
    ],
    subDimensions: [{ prop: 'city' }, { prop: '区' }],
  },
  { type: 'float', format: '0.00', names: ['number'], rating: 2 ** 40 },
];

/** The answer as the handlers built it before lists were answered from text. */
async function expectedText(kind: 'dimensions' | 'measures' | 'time-series'): Promise<string> {
  const referencesOf = await modelReferenceIndex(storage.db, workspaceId);
  const objects = await listObjects(storage.db, workspaceId, kind);
  const data = objects.map((object) => {
    const refs = referencesOf(kind, object.id);
    if (object.kind === 'dimensions') return toDimension(object as never, dimensionUsage(refs));
    if (object.kind === 'measures') return toMeasure(object as never);
    return toTimeSeriesListItem(object as never, refs.published.length + refs.drafts.length > 0);
  });
  return JSON.stringify({ errcode: SUCCESS_CODE, errmsg: SUCCESS_MESSAGE, data });
}

const paths = {
  dimensions: 'dimensions',
  measures: 'measures',
  'time-series': 'time-series',
} as const;

async function listed(kind: keyof typeof paths) {
  const app = createApp({ storage, clock, passwords: pbkdf2Passwords(1000) });
  const response = await app.request(
    `http://wsadmin.test/openapi/v1/workspaces/${workspaceId}/${paths[kind]}/`,
    {
      headers: { authorization: `Bearer ${secret}` },
    },
  );
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

beforeAll(async () => {
  storage = await openMemoryStorage({ now: () => clock.now() });
  secret = (await createKey(storage.db, clock.now(), { name: 'lists' })).secret;
  workspaceId = (await insertWorkspace(storage.db, { name: 'lists' }, clock.now())).id;
  const ids: number[] = [];
  for (const item of dimensions) {
    const definition = managementKinds.dimensions.definition.parse({
      ...managementKinds.dimensions.defaults,
      ...item,
    });
    ids.push(
      (await insertObject(storage.db, { workspaceId, kind: 'dimensions', definition }, clock.now())).id,
    );
  }
  const measure = (names: string[], description: string) =>
    managementKinds.measures.definition.parse({ ...managementKinds.measures.defaults, names, description });
  await insertObject(
    storage.db,
    { workspaceId, kind: 'measures', definition: measure(['m1'], tricky) },
    clock.now(),
  );
  await insertObject(
    storage.db,
    { workspaceId, kind: 'measures', definition: measure(['m2'], '') },
    clock.now(),
  );
  const series = managementKinds['time-series'].definition.parse({
    ...managementKinds['time-series'].defaults,
    type: 'int',
    names: ['ts', tricky],
    timeUnit: 'day',
    defaultTimeFunc: { aggregation: 'sum', timeUnit: 'month' },
  });
  const seriesId = (
    await insertObject(storage.db, { workspaceId, kind: 'time-series', definition: series }, clock.now())
  ).id;
  // One published model and one draft list some of them, so `models` and `used` vary by item.
  const seed = seedModelInto(storage.db, () => clock.now());
  await seed(workspaceId, { name: 'published', dimensions: [ids[1] ?? 0], timeSeries: [seriesId] });
  await seed(workspaceId, { name: 'draft', draft: true, dimensions: [ids[1] ?? 0, ids[2] ?? 0] });
});
afterAll(() => storage.close());
beforeEach(() => storage.own(itemTexts).reset());

describe('lists answered from cached item text', () => {
  it.each([
    ['dimensions', { given: 'dimensions' as const }],
    ['measures', { given: 'measures' as const }],
    ['time series', { given: 'time-series' as const }],
  ])(
    '%s: byte for byte the answer serialised from parsed definitions, cached or not',
    async (_name, { given }) => {
      const want = await expectedText(given);
      // The fixture exercises the appended keys both ways where a kind has them.
      if (given !== 'measures') expect(want).toContain('"used":true');
      if (given === 'dimensions') expect(want).toContain('"models":[{"uid":');
      if (given === 'dimensions') expect(want).toContain('"models":[],"used":false');
      const first = await listed(given);
      const cached = await listed(given);
      expect(first).toEqual({ status: 200, type: 'application/json', text: want });
      expect(cached).toEqual(first);
    },
  );

  it('follows a changed definition (a new revision) at once', async () => {
    const before = await listed('dimensions');
    const [stored] = await listObjects(storage.db, workspaceId, 'dimensions');
    if (!stored) throw new Error('no dimension');
    await updateObject(storage.db, stored, { ...stored.definition, description: 'changed ✓' }, clock.now());
    const after = await listed('dimensions');
    expect(after.text).not.toBe(before.text);
    expect(after.text).toContain('"description":"changed ✓"');
    expect(after.text).toBe(await expectedText('dimensions'));
  });

  it('stays within its bound, forgetting the oldest items, and still answers the same bytes', async () => {
    const want = await expectedText('dimensions');
    storage.own(itemTexts).reset(600);
    expect((await listed('dimensions')).text).toBe(want);
    const bounded = storage.own(itemTexts).size;
    expect(bounded.chars).toBeLessThanOrEqual(600);
    // Three items of which at most two fit: every list misses one and reads the definitions again.
    expect(bounded.entries).toBeLessThan(3);
    expect((await listed('dimensions')).text).toBe(want);
    storage.own(itemTexts).reset();
    await listed('dimensions');
    expect(storage.own(itemTexts).size.entries).toBe(3);
  });

  it('answers an empty list as []', async () => {
    const empty = (await insertWorkspace(storage.db, { name: 'empty' }, clock.now())).id;
    const app = createApp({ storage, clock, passwords: pbkdf2Passwords(1000) });
    const response = await app.request(`http://wsadmin.test/openapi/v1/workspaces/${empty}/dimensions/`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(await response.text()).toBe(`{"errcode":${SUCCESS_CODE},"errmsg":"${SUCCESS_MESSAGE}","data":[]}`);
  });
});

describe('item texts are kept per storage', () => {
  it('a second storage starts with none of the first one texts', async () => {
    await listed('dimensions');
    expect(storage.own(itemTexts).size.entries).toBeGreaterThan(0);
    const other = await openMemoryStorage({ now: () => clock.now() });
    try {
      expect(other.own(itemTexts).size).toEqual({ entries: 0, chars: 0 });
    } finally {
      await other.close();
    }
  });
});
