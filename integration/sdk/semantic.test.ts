import { beforeAll, describe, expect, it } from 'vitest';
import { serverForTests } from './setup';

const server = serverForTests();
let ws: number;

beforeAll(async () => {
  ws = (await server.client.workspaces.create({ name: 'Semantic layer' })).id;
});

describe('time series against the reference server', () => {
  it('creates, reads, replaces and deletes one time series', async () => {
    const { timeSeries } = server.client;
    const created = await timeSeries.create(ws, {
      type: 'date',
      names: ['order date'],
      timeUnit: 'day',
      format: 'yyyy-MM-dd',
      table: 'orders',
      field: 'ordered_at',
    });
    expect(created).toMatchObject({
      names: ['order date'],
      table: 'orders',
      field: 'ordered_at',
      used: false,
    });
    expect(await timeSeries.get(ws, created.id)).toEqual(created);
    expect((await timeSeries.list(ws)).map((t) => t.id)).toContain(created.id);

    // PUT replaces: omitted format, table and field become "".
    const replaced = await timeSeries.update(ws, created.id, {
      type: 'date',
      names: ['order date', 'date'],
      timeUnit: 'week',
    });
    expect(replaced).toMatchObject({
      names: ['order date', 'date'],
      timeUnit: 'week',
      format: '',
      table: '',
      field: '',
    });

    await expect(timeSeries.delete(ws, created.id)).resolves.toBeUndefined();
    await expect(timeSeries.get(ws, created.id)).rejects.toMatchObject({ errcode: 404 });
  });

  it('creates, updates and deletes several time series in batches', async () => {
    const { timeSeries } = server.client;
    const [ship, bill] = await timeSeries.createMany(ws, [
      { type: 'date', names: ['ship date'], timeUnit: 'day' },
      { type: 'datetime', names: ['bill time'], timeUnit: 'hour' },
    ]);
    if (!ship || !bill) throw new Error('two time series expected');
    const updated = await timeSeries.updateMany(ws, [
      { id: ship.id, type: 'date', names: ['shipped'], timeUnit: 'month' },
      { id: bill.id, type: 'datetime', names: ['billed'], timeUnit: 'minute', description: 'invoice' },
    ]);
    expect(updated.map((t) => [t.id, t.names[0], t.timeUnit, t.description])).toEqual([
      [ship.id, 'shipped', 'month', ''],
      [bill.id, 'billed', 'minute', 'invoice'],
    ]);
    await timeSeries.deleteMany(ws, [ship.id, bill.id]);
    const left = (await timeSeries.list(ws)).map((t) => t.id);
    expect(left).not.toContain(ship.id);
    expect(left).not.toContain(bill.id);
  });
});

describe('dimensions against the reference server', () => {
  it('creates dimensions with defaults, a mapping one included, and lists them', async () => {
    const created = await server.client.dimensions.create(ws, [
      { type: 'string', format: 'text', names: ['country'] },
      {
        type: 'mapping',
        format: 'text',
        names: ['status'],
        baseField: { choice: { '1': 'open', '2': 'closed' }, typeBeforeMap: 'int', typeAfterMap: 'string' },
      },
    ]);
    expect(created.map((d) => [d.names[0], d.rating, d.isKeyword, d.used])).toEqual([
      ['country', 0, false, false],
      ['status', 0, false, false],
    ]);
    expect(created[0]).not.toHaveProperty('baseField');
    expect(created[1]?.baseField?.choice).toEqual({ '1': 'open', '2': 'closed' });
    const listed = await server.client.dimensions.list(ws);
    expect(listed.map((d) => d.names[0])).toEqual(expect.arrayContaining(['country', 'status']));
  });

  it('updates dimensions through update-dimensions, sending the items under the spec key `measures`', async () => {
    const sent: unknown[] = [];
    const client = server.clientWith({
      fetch: async (request) => {
        if (request.url.endsWith('/update-dimensions/')) sent.push(await request.clone().json());
        return fetch(request);
      },
    });
    const [city] = await client.dimensions.create(ws, [{ type: 'string', format: 'text', names: ['city'] }]);
    if (!city) throw new Error('one dimension expected');
    const [updated] = await client.dimensions.update(ws, [
      { id: city.id, type: 'string', format: 'text', names: ['city', 'town'], description: 'Ship-to city' },
    ]);
    expect(sent).toEqual([{ measures: [expect.objectContaining({ id: city.id })] }]);
    expect(updated).toMatchObject({ id: city.id, names: ['city', 'town'], description: 'Ship-to city' });
    const listed = (await client.dimensions.list(ws)).find((d) => d.id === city.id);
    expect(listed?.names).toEqual(['city', 'town']);
  });

  it('deletes dimensions; an unknown id rejects the batch', async () => {
    const [a, b] = await server.client.dimensions.create(ws, [
      { type: 'string', format: 'text', names: ['temp a'] },
      { type: 'string', format: 'text', names: ['temp b'] },
    ]);
    if (!a || !b) throw new Error('two dimensions expected');
    await expect(server.client.dimensions.delete(ws, [a.id, 999_999])).rejects.toMatchObject({
      errcode: 404,
      operationId: 'deleteDimensions',
    });
    await server.client.dimensions.delete(ws, [a.id, b.id]);
    const names = (await server.client.dimensions.list(ws)).map((d) => d.names[0]);
    expect(names).not.toContain('temp a');
    expect(names).not.toContain('temp b');
  });

  it('refuses a keyword another dimension already holds (409)', async () => {
    await server.client.dimensions.create(ws, [{ type: 'string', format: 'text', names: ['channel'] }]);
    await expect(
      server.client.dimensions.create(ws, [{ type: 'string', format: 'text', names: ['channel'] }]),
    ).rejects.toMatchObject({ errcode: 409, status: 409, operationId: 'createDimensions' });
  });
});

describe('measures against the reference server', () => {
  it('creates with defaults, updates partially, lists and deletes', async () => {
    const { measures } = server.client;
    const [revenue, cost] = await measures.create(ws, [{ names: ['revenue'] }, { names: ['cost'], sort: 1 }]);
    if (!revenue || !cost) throw new Error('two measures expected');
    expect(revenue).toMatchObject({ names: ['revenue'], description: '', sort: -1 });
    expect(cost.sort).toBe(1);

    const [updated] = await measures.update(ws, [{ id: revenue.id, description: 'Net revenue' }]);
    expect(updated).toEqual({ ...revenue, description: 'Net revenue' });
    expect(await measures.list(ws)).toEqual(expect.arrayContaining([updated, cost]));

    await measures.delete(ws, [revenue.id, cost.id]);
    expect((await measures.list(ws)).map((m) => m.id)).not.toContain(revenue.id);
  });
});

describe('source catalogue against the reference server', () => {
  it('starts empty, is replaced by set and reads back', async () => {
    const fresh = (await server.client.workspaces.create({ name: 'Sources' })).id;
    expect(await server.client.sources.get(fresh)).toEqual({ tables: [] });
    const catalogue = {
      tables: [
        { name: 'orders', fields: ['id', 'region', 'amount'] },
        { name: 'customers', fields: ['id', 'name'] },
      ],
    };
    const saved = await server.client.sources.set(fresh, catalogue);
    expect(saved.tables).toEqual(expect.arrayContaining(catalogue.tables));
    expect((await server.client.sources.get(fresh)).tables).toHaveLength(2);
    await server.client.sources.set(fresh, { tables: [] });
    expect(await server.client.sources.get(fresh)).toEqual({ tables: [] });
  });
});
