import { dimensionKind, measureKind, timeSeriesKind } from '@wsadmin/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, findKey } from '../auth/keys';
import { pbkdf2Passwords } from '../auth/pbkdf2-passwords';
import { AdjustableClock } from '../clock';
import type { HandlerContext } from '../context';
import { dimensionHandlers } from '../handlers/dimensions';
import { measureHandlers } from '../handlers/measures';
import { timeSeriesHandlers } from '../handlers/time-series';
import { openMemoryStorage } from '../storage/memory';
import type { Storage } from '../storage/storage';
import { findObject, insertObject } from './objects';
import { insertWorkspace } from './workspaces';

/**
 * What the scenarios cannot see over the older endpoints: the stored definition and revision that
 * the management interface reads.
 */
describe('older endpoints on the shared object model', () => {
  let storage: Storage;
  let context: HandlerContext;
  const clock = new AdjustableClock();
  const none = { query: undefined, headers: undefined };

  beforeAll(async () => {
    storage = await openMemoryStorage();
    const { id } = await createKey(storage.db, clock.now(), { name: 'unit' });
    const key = await findKey(storage.db, id);
    if (!key) throw new Error('key not stored');
    context = {
      storage,
      db: storage.db,
      clock,
      passwords: pbkdf2Passwords(1000),
      settings: { refreshDebounceMs: 2000 },
      key,
      signal: new AbortController().signal,
    };
  });
  afterAll(() => storage.close());

  const workspace = async () => (await insertWorkspace(storage.db, {}, clock.now())).id;

  it('stores a dimension as the full management definition and bumps its revision on update', async () => {
    const workspaceId = await workspace();
    const [created] = await dimensionHandlers.createDimensions(
      {
        ...none,
        params: { workspaceId },
        body: { dimensions: [{ type: 'string', format: 'text', names: ['city'] }] },
      },
      context,
    );
    const id = created?.id ?? 0;
    const stored = await findObject(storage.db, workspaceId, 'dimensions', id);
    expect(stored?.definition).toEqual({
      ...dimensionKind.defaults,
      type: 'string',
      format: 'text',
      names: ['city'],
    });
    expect(stored?.version).toBe(1);

    await dimensionHandlers.updateDimensions(
      {
        ...none,
        params: { workspaceId },
        body: { measures: [{ id, type: 'string', format: 'text', names: ['city'], rating: 2 }] },
      },
      context,
    );
    const updated = await findObject(storage.db, workspaceId, 'dimensions', id);
    expect(updated?.version).toBe(2);
    expect(updated?.revision).not.toBe(stored?.revision);
    expect(updated?.definition.rating).toBe(2);
  });

  it('keeps management-only fields through older updates: measure expression and dimensionIds, time-series defaultTimeFunc', async () => {
    const workspaceId = await workspace();
    const measure = await insertObject(
      storage.db,
      {
        workspaceId,
        kind: 'measures',
        definition: { ...measureKind.defaults, names: ['gmv'], expression: 'sum(amount)', dimensionIds: [7] },
      },
      clock.now(),
    );
    await measureHandlers.updateMeasures(
      { ...none, params: { workspaceId }, body: { measures: [{ id: measure.id, sort: 1 }] } },
      context,
    );
    const storedMeasure = await findObject(storage.db, workspaceId, 'measures', measure.id);
    expect(storedMeasure?.definition).toEqual({ ...measure.definition, sort: 1 });
    expect(storedMeasure?.version).toBe(2);

    const defaultTimeFunc = { aggregation: 'sum', timeUnit: 'month' } as const;
    const series = await insertObject(
      storage.db,
      {
        workspaceId,
        kind: 'time-series',
        definition: {
          ...timeSeriesKind.defaults,
          type: 'date',
          names: ['day'],
          timeUnit: 'day',
          table: 'orders',
          defaultTimeFunc,
        },
      },
      clock.now(),
    );
    const answered = await timeSeriesHandlers.updateTimeSeries(
      {
        ...none,
        params: { workspaceId, timeSeriesId: series.id },
        body: { type: 'date', names: ['day'], timeUnit: 'week' },
      },
      context,
    );
    expect(answered).toMatchObject({ defaultTimeFunc, table: '', timeUnit: 'week' });
    const storedSeries = await findObject(storage.db, workspaceId, 'time-series', series.id);
    expect(storedSeries?.definition).toEqual({ ...series.definition, timeUnit: 'week', table: '' });
    expect(storedSeries?.version).toBe(2);
  });

  it('removes a deleted dimension from the measures that depend on it, bumping only their revision', async () => {
    const workspaceId = await workspace();
    const [shop, city] = await dimensionHandlers.createDimensions(
      {
        ...none,
        params: { workspaceId },
        body: {
          dimensions: [
            { type: 'string', format: 'text', names: ['shop'] },
            { type: 'string', format: 'text', names: ['city'] },
          ],
        },
      },
      context,
    );
    const shopId = shop?.id ?? 0;
    const cityId = city?.id ?? 0;
    const measure = (names: string[], dimensionIds: number[]) =>
      insertObject(
        storage.db,
        { workspaceId, kind: 'measures', definition: { ...measureKind.defaults, names, dimensionIds } },
        clock.now(),
      );
    const dependent = await measure(['gmv'], [shopId, cityId]);
    const unrelated = await measure(['visits'], [cityId]);

    await dimensionHandlers.deleteDimensions(
      { ...none, params: { workspaceId }, body: { dimensionIds: [shopId] } },
      context,
    );
    const after = await findObject(storage.db, workspaceId, 'measures', dependent.id);
    expect(after?.definition.dimensionIds).toEqual([cityId]);
    expect(after?.version).toBe(2);
    expect(after?.revision).not.toBe(dependent.revision);
    expect(await findObject(storage.db, workspaceId, 'measures', unrelated.id)).toEqual(unrelated);
    expect(await findObject(storage.db, workspaceId, 'dimensions', shopId)).toBeUndefined();
  });

  it('a refused batch delete leaves the dimensions and the measures untouched', async () => {
    const workspaceId = await workspace();
    const [dimension] = await dimensionHandlers.createDimensions(
      {
        ...none,
        params: { workspaceId },
        body: { dimensions: [{ type: 'int', format: 'n', names: ['age'] }] },
      },
      context,
    );
    const id = dimension?.id ?? 0;
    const measure = await insertObject(
      storage.db,
      {
        workspaceId,
        kind: 'measures',
        definition: { ...measureKind.defaults, names: ['m'], dimensionIds: [id] },
      },
      clock.now(),
    );
    await expect(
      dimensionHandlers.deleteDimensions(
        { ...none, params: { workspaceId }, body: { dimensionIds: [id, 2_000_000_000] } },
        context,
      ),
    ).rejects.toMatchObject({ errcode: 404, message: expect.stringContaining('body.dimensionIds.1') });
    expect(await findObject(storage.db, workspaceId, 'measures', measure.id)).toEqual(measure);
    expect(await findObject(storage.db, workspaceId, 'dimensions', id)).toBeDefined();
  });
});
