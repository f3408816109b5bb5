import { afterEach, describe, expect, it } from 'vitest';
import { createMock, type MockSnapshot, MockSnapshotError, type WsadminMock } from '../index-node';
import { SCHEMA_VERSION } from './snapshot-format';

const START = '2030-01-01T00:00:00.000Z';
const opened: WsadminMock[] = [];
afterEach(async () => {
  for (const mock of opened.splice(0)) await mock.close();
});

/** A mock of the test's own, closed after it. */
function mockOf(options: Parameters<typeof createMock>[0]): WsadminMock {
  const mock = createMock(options);
  opened.push(mock);
  return mock;
}

const workspaceNames = async (mock: WsadminMock) =>
  (await mock.client.call('listWorkspaces')).map((workspace) => workspace.name);

/** A mock in a state worth keeping: data, a key made at run time, a plan token, an idempotent commit, the clock moved. */
async function arranged() {
  const mock = mockOf({ startAt: START, seed: { workspaces: [{ name: 'Sales' }, { name: 'Archive' }] } });
  await mock.client.call('deleteWorkspace', { params: { workspaceId: 2 } });
  await mock.client.call('createWorkspace', { body: { name: 'Made later' } });
  const key = await mock.createKey({ secret: 'wsk_made_at_run_time', workspaceIds: [1] });
  const preview = await mock.client.call('previewMeasureChange', {
    params: { workspaceId: 1 },
    body: { action: 'create', changes: { names: ['profit'] } },
  });
  const replayBody = { changes: { names: ['revenue'] }, ...(await previewOf(mock, 'revenue')) };
  await mock.client.call('createManagedMeasure', {
    params: { workspaceId: 1 },
    headers: { 'idempotency-key': 'first-commit' },
    body: replayBody,
  });
  mock.clock.advance(90);
  return { mock, key, planToken: preview.planToken, replayBody };
}

async function previewOf(mock: WsadminMock, name: string) {
  const { planToken } = await mock.client.call('previewMeasureChange', {
    params: { workspaceId: 1 },
    body: { action: 'create', changes: { names: [name] } },
  });
  return { planToken };
}

/** What a restored mock must answer as the original: lists, the next id, keys, tokens, replays, the clock. */
interface Kept {
  key: string;
  planToken: string;
  replayBody: { changes: { names: string[] }; planToken: string };
}

async function answers(mock: WsadminMock, { key, planToken, replayBody }: Kept) {
  return {
    names: await workspaceNames(mock),
    now: mock.clock.now().toISOString(),
    scopeOfKey: await mock.client.call('getScope', { key }),
    replay: await mock.client.call('createManagedMeasure', {
      params: { workspaceId: 1 },
      headers: { 'idempotency-key': 'first-commit' },
      body: replayBody,
    }),
    commitWithKeptToken: await mock.client
      .call('createManagedMeasure', {
        params: { workspaceId: 1 },
        headers: { 'idempotency-key': 'second-commit' },
        body: { changes: { names: ['profit'] }, planToken },
      })
      .then((operation) => operation.state),
    nextId: (await mock.client.call('createWorkspace', { body: { name: 'next' } })).id,
  };
}

describe('snapshot()', () => {
  it('is plain JSON naming its format, the schema version and the clock', async () => {
    const { mock } = await arranged();
    const snapshot = await mock.snapshot();
    expect(snapshot).toMatchObject({
      format: 'wsadmin-mock-snapshot',
      version: 1,
      schemaVersion: SCHEMA_VERSION,
      takenAt: '2030-01-01T00:01:30.000Z',
      clock: { frozenAt: START, offsetMs: 90_000 },
    });
    expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot);
  });

  it('restores after a JSON round trip to a state that answers as the original', async () => {
    const { mock, ...kept } = await arranged();
    const text = JSON.stringify(await mock.snapshot());
    const original = await answers(mock, kept);

    const other = mockOf({ seed: { workspaces: [{ name: 'Elsewhere' }] } });
    await other.restore(JSON.parse(text) as MockSnapshot);
    expect(await answers(other, kept)).toEqual(original);
    expect(original).toMatchObject({
      names: ['Sales', 'Made later'],
      nextId: 4,
      commitWithKeptToken: 'saved',
    });

    // The mock it was taken from, restored, answers the same again.
    await mock.restore(JSON.parse(text) as MockSnapshot);
    expect(await answers(mock, kept)).toEqual(original);
  });

  it('keeps a revoked key revoked and a real-time clock moving from its offset', async () => {
    const mock = mockOf({});
    const key = await mock.createKey();
    await mock.revokeKey(key);
    mock.clock.advance(3600);
    const snapshot = JSON.parse(JSON.stringify(await mock.snapshot())) as MockSnapshot;
    expect(snapshot.clock).toEqual({ frozenAt: null, offsetMs: 3_600_000 });
    const other = mockOf({});
    await other.restore(snapshot);
    await expect(other.client.call('getScope', { key })).rejects.toMatchObject({ status: 401 });
    const ahead = other.clock.now().getTime() - Date.now();
    expect(ahead).toBeGreaterThan(3_599_000);
    expect(ahead).toBeLessThan(3_601_000);
  });
});

describe('createMock({ snapshot })', () => {
  it('starts from the snapshot, and reset() returns to it, clock included', async () => {
    const { mock, ...kept } = await arranged();
    const snapshot = JSON.parse(JSON.stringify(await mock.snapshot())) as MockSnapshot;
    const original = await answers(mock, kept);

    const started = mockOf({ snapshot });
    expect(await answers(started, kept)).toEqual(original);
    started.clock.advance(10);
    await started.reset();
    expect(await answers(started, kept)).toEqual(original);
  });

  it('applies the scenario overrides over the snapshot', async () => {
    const snapshot = await mockOf({ seed: { workspaces: [{ name: 'Sales' }] } }).snapshot();
    const mock = mockOf({ snapshot, overrides: { getWorkspace: { errcode: 503, errmsg: 'down' } } });
    expect(await workspaceNames(mock)).toEqual(['Sales']);
    await expect(mock.client.call('getWorkspace', { params: { workspaceId: 1 } })).resolves.toMatchObject({
      name: 'Sales',
    });
    const answered = await mock.fetch(
      new Request(`${mock.baseUrl}/openapi/v1/workspaces/1/`, {
        headers: { authorization: `Bearer ${mock.key}` },
      }),
    );
    expect(answered.status).toBe(503);
  });

  it('refuses a seed, keys or startAt beside a snapshot, naming them', async () => {
    const snapshot = await mockOf({}).snapshot();
    expect(() => createMock({ snapshot, seed: { workspaces: [] }, startAt: START })).toThrow(
      /a scenario with a snapshot takes no seed, startAt: the snapshot holds the data, the keys and the clock/,
    );
    expect(() => createMock({ snapshot, keys: [{ secret: 'wsk_x' }] })).toThrow(MockSnapshotError);
  });

  it('refuses a snapshot of another schema version where the mock is created', () => {
    const foreign = { ...validShape(), schemaVersion: SCHEMA_VERSION + 1 } as unknown as MockSnapshot;
    expect(() => createMock({ snapshot: foreign })).toThrow(
      `createMock({ snapshot }): the snapshot's database is at schema version ${SCHEMA_VERSION + 1}, this mock's at schema version ${SCHEMA_VERSION}`,
    );
  });
});

/** A well-formed snapshot's fields with an empty (invalid) database, for the refusals that come first. */
function validShape() {
  return {
    format: 'wsadmin-mock-snapshot',
    version: 1,
    schemaVersion: SCHEMA_VERSION,
    takenAt: START,
    clock: { frozenAt: null, offsetMs: 0 },
    database: '',
  };
}

describe('restore() refuses what is not a snapshot, and the mock keeps its state', () => {
  const altered = async (change: (snapshot: MockSnapshot) => unknown) => {
    const source = mockOf({ seed: { workspaces: [{ name: 'Other' }] } });
    return change(JSON.parse(JSON.stringify(await source.snapshot())) as MockSnapshot);
  };
  /** Flips bytes inside the second page's b-tree header: SQLite's check finds the page damaged. */
  const damagedPage = (snapshot: MockSnapshot) => {
    const bytes = Uint8Array.from(Buffer.from(snapshot.database, 'base64'));
    const pageSize = new DataView(bytes.buffer).getUint16(16);
    bytes.fill(0xff, pageSize, pageSize + 12);
    return { ...snapshot, database: Buffer.from(bytes).toString('base64') };
  };

  it.each<[string, () => Promise<unknown>, RegExp]>([
    [
      'a Uint8Array',
      async () => new Uint8Array(8),
      /expected a snapshot from mock\.snapshot\(\), got a Uint8Array of 8 bytes/,
    ],
    [
      'the old { bytes } shape',
      async () => ({ bytes: new Uint8Array(8) }),
      /the \{ bytes \} snapshot of an earlier @wsadmin\/mock/,
    ],
    [
      'a JSON round trip of the old shape',
      async () => JSON.parse(JSON.stringify({ bytes: new Uint8Array([1, 2]) })),
      /the \{ bytes \} snapshot of an earlier @wsadmin\/mock/,
    ],
    ['null', async () => null, /got null/],
    ['another format', () => altered((s) => ({ ...s, format: 'something-else' })), /format 'something-else'/],
    [
      'another layout version',
      () => altered((s) => ({ ...s, version: 2 })),
      /layout version 2; this mock reads version 1/,
    ],
    [
      'another schema version',
      () => altered((s) => ({ ...s, schemaVersion: 1 })),
      new RegExp(`schema version 1, this mock's at schema version ${SCHEMA_VERSION}`),
    ],
    [
      'a clock that is not one',
      () => altered((s) => ({ ...s, clock: { frozenAt: 'soon', offsetMs: 0 } })),
      /clock\.frozenAt: expected an ISO time or null, got 'soon'/,
    ],
    [
      'base64 with a foreign character',
      () => altered((s) => ({ ...s, database: `!${s.database.slice(1)}` })),
      /database: not valid base64/,
    ],
    [
      'a cut database',
      () => altered((s) => ({ ...s, database: s.database.slice(0, 4096) })),
      /database: the SQLite file is cut or altered/,
    ],
    [
      'other bytes',
      () => altered((s) => ({ ...s, database: Buffer.from('x'.repeat(300)).toString('base64') })),
      /database: not an SQLite database/,
    ],
    [
      'a damaged page',
      () => altered(damagedPage),
      /mock\.restore: database: .*(corrupt|malformed|page|tree)/i,
    ],
  ])('refuses %s', async (_case, made, message) => {
    const mock = mockOf({ startAt: START, seed: { workspaces: [{ name: 'Kept' }] } });
    await mock.client.call('createWorkspace', { body: { name: 'Written' } });
    mock.clock.advance(5);
    const value = await made();
    const refused = mock.restore(value as MockSnapshot);
    await expect(refused).rejects.toThrow(message);
    await expect(refused).rejects.toBeInstanceOf(MockSnapshotError);
    expect(await workspaceNames(mock)).toEqual(['Kept', 'Written']);
    expect(mock.clock.now().toISOString()).toBe('2030-01-01T00:00:05.000Z');
    expect((await mock.client.call('createWorkspace', { body: { name: 'Next' } })).id).toBe(3);
  });

  it('refuses before a mock that never opened opens, and it opens normally after', async () => {
    const mock = mockOf({ seed: { workspaces: [{ name: 'Kept' }] } });
    await expect(mock.restore((await altered(damagedPage)) as MockSnapshot)).rejects.toThrow(
      MockSnapshotError,
    );
    expect(await workspaceNames(mock)).toEqual(['Kept']);
  });
});
