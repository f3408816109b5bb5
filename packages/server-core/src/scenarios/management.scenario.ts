import { type ManagementCollection, managementOperationIds, type OperationId } from '@wsadmin/contract';
import { describe, expect, it } from 'vitest';
import { type Answer, scenarioClient } from '../testing/scenario-client';
import type { Target } from '../testing/target';
import { workspaceOf } from './fixtures';

/** The operationIds of each kind, as the contract names them. */
const OPS = managementOperationIds;

/** [kind, { create: full definition, update: partial change, updated: fields after the update }] */
const KINDS: Array<[ManagementCollection, { create: object; update: object }]> = [
  [
    'time-series',
    { create: { type: 'date', names: ['order_date'], timeUnit: 'day' }, update: { format: 'yyyy-MM-dd' } },
  ],
  [
    'dimensions',
    {
      create: { type: 'string', format: 'text', names: ['region', 'area'] },
      update: { description: 'Sales region' },
    },
  ],
  ['measures', { create: { names: ['revenue'] }, update: { sort: 1 } }],
  [
    'dimension-tables',
    { create: { name: 'regions', table: 'dim_region' }, update: { keyField: 'region_id' } },
  ],
  ['models', { create: { name: 'Sales', dimensions: [] }, update: { description: 'Sales model' } }],
  [
    'corpus',
    {
      create: { title: 'Glossary', content: 'GMV means gross merchandise value.' },
      update: { tags: ['finance'] },
    },
  ],
  [
    'sops',
    {
      create: { name: 'Monthly close', steps: ['Export', 'Reconcile'] },
      update: { description: 'Finance SOP' },
    },
  ],
  ['datasets', { create: { name: 'orders', table: 'fact_orders' }, update: { fields: ['amount'] } }],
];

interface Preview {
  action: string;
  beforeRevision: string | null;
  afterRevision: string | null;
  candidate: Record<string, unknown> | null;
  impact: { usedByModels: unknown[]; usedByDrafts: unknown[]; dependentMeasures: unknown[] };
  planToken: string;
  expiresAt: string;
}
interface Commit {
  operationId: string;
  state: string;
  id: number;
  revision: string | null;
  definition: Record<string, unknown> | null;
}
interface Detail {
  id: number;
  definition: Record<string, unknown>;
  revision: string;
  usedByModels?: unknown[];
}
interface Operation {
  operationId: string;
  state: string;
  target: { type: string; id: number };
  beforeRevision: string | null;
  afterRevision: string | null;
  taskUid?: string;
  taskResult?: { status: string; message: string };
  probe?: { passed: boolean };
}

export function managementScenarios(target: () => Target) {
  const api = scenarioClient(target);
  const idem = () => crypto.randomUUID();

  async function okAs<T>(id: OperationId, input: Parameters<typeof api.call>[1]): Promise<T> {
    const answer = await api.call(id, input);
    expect(answer, `${id}: ${answer.errmsg}`).toMatchObject({ status: 200, errcode: 200 });
    return answer.data as T;
  }
  const workspace = workspaceOf(api);

  /** Preview then commit; returns both. */
  async function apply(
    ws: number,
    kind: ManagementCollection,
    change: { action: 'create' | 'update' | 'delete'; targetId?: number; revision?: string; changes: object },
    options: { key?: string; operatorUid?: string } = {},
  ) {
    const key = options.key;
    const operator = options.operatorUid ? { operatorUid: options.operatorUid } : {};
    const preview = await okAs<Preview>(OPS[kind].preview, {
      params: { workspaceId: ws },
      body: { ...change, ...operator },
      ...(key ? { key } : {}),
    });
    const verb = change.action === 'create' ? 'create' : change.action === 'update' ? 'update' : 'remove';
    const params =
      change.targetId === undefined ? { workspaceId: ws } : { workspaceId: ws, id: change.targetId };
    const body =
      change.action === 'delete'
        ? { planToken: preview.planToken, ...operator }
        : { changes: change.changes, planToken: preview.planToken, ...operator };
    const commit = await okAs<Commit>(OPS[kind][verb], {
      params,
      body,
      headers: { 'Idempotency-Key': idem() },
      ...(key ? { key } : {}),
    });
    return { preview, commit };
  }

  describe('management: the recommended order for every object kind', () => {
    it.each(KINDS)(
      '%s: list, detail, impacts, preview, commit, read back, operation',
      async (kind, { create, update }) => {
        const ws = await workspace();
        const ops = OPS[kind];
        expect(await okAs<unknown[]>(ops.list, { params: { workspaceId: ws } })).toEqual([]);

        const created = await apply(ws, kind, { action: 'create', changes: create });
        expect(created.preview).toMatchObject({ action: 'create', beforeRevision: null });
        expect(created.commit.revision).toBe(created.preview.afterRevision);
        const id = created.commit.id;

        const list = await okAs<Array<{ id: number; revision: string }>>(ops.list, {
          params: { workspaceId: ws },
        });
        expect(list).toEqual([{ id, name: expect.any(String), revision: created.commit.revision }]);

        const detail = await okAs<Detail>(ops.get, { params: { workspaceId: ws, id } });
        expect(detail.revision).toBe(created.commit.revision);
        expect(detail.definition).toMatchObject(create);
        if (kind === 'models') expect(detail.definition.uid).toMatch(/^mdl_/);
        expect('usedByModels' in detail).toBe(
          ['time-series', 'dimensions', 'measures', 'dimension-tables', 'models'].includes(kind),
        );

        const impacts = await okAs<{ type: string; id: number; dependsOn: unknown[] }>(
          'getManagementImpacts',
          {
            params: { workspaceId: ws, type: kind, id },
          },
        );
        expect(impacts).toMatchObject({
          type: kind,
          id,
          usedByModels: [],
          usedByDrafts: [],
          dependentMeasures: [],
          dependsOn: [],
        });

        const updated = await apply(ws, kind, {
          action: 'update',
          targetId: id,
          revision: detail.revision,
          changes: update,
        });
        expect(updated.preview.beforeRevision).toBe(detail.revision);
        expect(updated.preview.candidate).toMatchObject({ ...create, ...update });
        const readBack = await okAs<Detail>(ops.get, { params: { workspaceId: ws, id } });
        expect(readBack.revision).toBe(updated.preview.afterRevision);
        expect(readBack.revision).not.toBe(detail.revision);
        expect(readBack.definition).toMatchObject({ ...create, ...update });

        const operation = await okAs<Operation>('getManagementOperation', {
          params: { workspaceId: ws, operationId: updated.commit.operationId },
        });
        expect(operation).toMatchObject({
          operationId: updated.commit.operationId,
          target: { type: kind, id },
          beforeRevision: detail.revision,
          afterRevision: readBack.revision,
        });
        expect(['saved', 'pending']).toContain(operation.state);

        const removed = await apply(ws, kind, {
          action: 'delete',
          targetId: id,
          revision: readBack.revision,
          changes: {},
        });
        expect(removed.preview).toMatchObject({ afterRevision: null, candidate: null });
        expect(removed.commit).toMatchObject({ id, revision: null, definition: null });
        await api.fails(ops.get, 404, { params: { workspaceId: ws, id } });
      },
    );
  });

  describe('management: one object model with the older endpoints', () => {
    it('lists a dimension made by create-dimensions, and a change through either path moves the revision', async () => {
      const ws = await workspace();
      const [dimension] = await api.ok('createDimensions', {
        params: { workspaceId: ws },
        body: { dimensions: [{ type: 'string', format: 'text', names: ['city'] }] },
      });
      if (!dimension) throw new Error('no dimension');
      const list = await okAs<Array<{ id: number; revision: string }>>('listManagedDimensions', {
        params: { workspaceId: ws },
      });
      expect(list.map((s) => s.id)).toEqual([dimension.id]);
      const before = list[0]?.revision;
      await api.ok('updateDimensions', {
        params: { workspaceId: ws },
        body: {
          measures: [
            { id: dimension.id, type: 'string', format: 'text', names: ['city'], description: 'changed' },
          ],
        },
      });
      const after = await okAs<Detail>('getManagedDimension', {
        params: { workspaceId: ws, id: dimension.id },
      });
      expect(after.revision).not.toBe(before);
      await apply(ws, 'dimensions', {
        action: 'update',
        targetId: dimension.id,
        revision: after.revision,
        changes: { rating: 5 },
      });
      const [listed] = await api.ok('listDimensions', { params: { workspaceId: ws } });
      expect(listed?.rating).toBe(5);
    });
  });

  describe('management: references and impacts', () => {
    it('reports models, drafts and dependent measures, and refuses a delete that would break a published model', async () => {
      const ws = await workspace();
      const dim = (
        await apply(ws, 'dimensions', {
          action: 'create',
          changes: { type: 'string', format: 't', names: ['shop'] },
        })
      ).commit;
      const measure = (
        await apply(ws, 'measures', { action: 'create', changes: { names: ['gmv'], dimensionIds: [dim.id] } })
      ).commit;
      const published = (
        await apply(ws, 'models', {
          action: 'create',
          changes: { name: 'Live', dimensions: [dim.id], measures: [measure.id] },
        })
      ).commit;
      const draft = (
        await apply(ws, 'models', {
          action: 'create',
          changes: { name: 'Draft', dimensions: [dim.id], draft: true },
        })
      ).commit;
      const impacts = await okAs<{
        usedByModels: Array<{ uid: string }>;
        usedByDrafts: Array<{ uid: string }>;
        dependentMeasures: Array<{ id: number }>;
      }>('getManagementImpacts', { params: { workspaceId: ws, type: 'dimensions', id: dim.id } });
      expect(impacts.usedByModels.map((m) => m.uid)).toEqual([published.definition?.uid]);
      expect(impacts.usedByDrafts.map((m) => m.uid)).toEqual([draft.definition?.uid]);
      expect(impacts.dependentMeasures.map((m) => m.id)).toEqual([measure.id]);
      const modelImpacts = await okAs<{ dependsOn: Array<{ type: string; id: number }> }>(
        'getManagementImpacts',
        {
          params: { workspaceId: ws, type: 'models', id: published.id },
        },
      );
      expect(modelImpacts.dependsOn).toEqual([
        { type: 'dimensions', id: dim.id, name: 'shop' },
        { type: 'measures', id: measure.id, name: 'gmv' },
      ]);
      const detail = await okAs<Detail>('getManagedDimension', { params: { workspaceId: ws, id: dim.id } });
      expect(detail.usedByModels).toHaveLength(2);
      const refused = await api.fails('previewDimensionChange', 409, {
        params: { workspaceId: ws },
        body: { action: 'delete', targetId: dim.id, revision: detail.revision, changes: {} },
      });
      expect(refused.errmsg).toContain('Live');
    });

    it('detaches a deleted dimension from measures, dimension tables and draft models', async () => {
      const ws = await workspace();
      const dim = (
        await apply(ws, 'dimensions', {
          action: 'create',
          changes: { type: 'string', format: 't', names: ['gone'] },
        })
      ).commit;
      const measure = (
        await apply(ws, 'measures', { action: 'create', changes: { names: ['m'], dimensionIds: [dim.id] } })
      ).commit;
      const table = (
        await apply(ws, 'dimension-tables', {
          action: 'create',
          changes: { name: 't', table: 'x', dimensionIds: [dim.id] },
        })
      ).commit;
      const draft = (
        await apply(ws, 'models', {
          action: 'create',
          changes: { name: 'D', dimensions: [dim.id], draft: true },
        })
      ).commit;
      await apply(ws, 'dimensions', {
        action: 'delete',
        targetId: dim.id,
        revision: dim.revision ?? '',
        changes: {},
      });
      const read = (id: OperationId, objectId: number) =>
        okAs<Detail>(id, { params: { workspaceId: ws, id: objectId } });
      const [m, t, d] = [
        await read('getManagedMeasure', measure.id),
        await read('getManagedDimensionTable', table.id),
        await read('getManagedModel', draft.id),
      ];
      expect(m.definition.dimensionIds).toEqual([]);
      expect(t.definition.dimensionIds).toEqual([]);
      expect(d.definition.dimensions).toEqual([]);
      expect([m.revision, t.revision, d.revision]).not.toContain(measure.revision);
      await apply(ws, 'models', {
        action: 'update',
        targetId: draft.id,
        revision: d.revision,
        changes: { name: 'still valid' },
      });
    });

    it('refuses a change that references an object that does not exist, naming the field', async () => {
      const ws = await workspace();
      const answer = await api.fails('previewModelChange', 400, {
        params: { workspaceId: ws },
        body: { action: 'create', changes: { name: 'Broken', dimensions: [999_999] } },
      });
      expect(answer.errmsg).toContain('changes.dimensions');
    });
  });

  describe('management: preview rules', () => {
    it('saves nothing on preview', async () => {
      const ws = await workspace();
      await okAs<Preview>('previewDimensionChange', {
        params: { workspaceId: ws },
        body: { action: 'create', changes: { type: 'string', format: 't', names: ['ghost'] } },
      });
      expect(await okAs<unknown[]>('listManagedDimensions', { params: { workspaceId: ws } })).toEqual([]);
    });

    it('keeps omitted fields and clears with an explicit empty value', async () => {
      const ws = await workspace();
      const { commit } = await apply(ws, 'dimensions', {
        action: 'create',
        changes: {
          type: 'mapping',
          format: 't',
          names: ['flag'],
          description: 'keep me',
          baseField: { choice: { '1': 'yes' }, typeBeforeMap: 'int', typeAfterMap: 'string' },
        },
      });
      const preview = await okAs<Preview>('previewDimensionChange', {
        params: { workspaceId: ws },
        body: {
          action: 'update',
          targetId: commit.id,
          revision: commit.revision,
          changes: { type: 'string', baseField: null, keywordFilters: [] },
        },
      });
      expect(preview.candidate).toMatchObject({
        type: 'string',
        baseField: null,
        description: 'keep me',
        names: ['flag'],
      });
    });

    it.each([
      [
        'a stale revision',
        409,
        (id: number) => ({ action: 'update', targetId: id, revision: 'r0-000000000000', changes: {} }),
        /stale revision/,
      ],
      [
        'an unknown target',
        404,
        () => ({ action: 'update', targetId: 987_654, revision: 'r1-x', changes: {} }),
        /unknown target/,
      ],
      [
        'an invalid change',
        400,
        (id: number) => ({ action: 'update', targetId: id, revision: 'x', changes: { names: [] } }),
        /changes\.names/,
      ],
      [
        'a mapping type without baseField',
        400,
        (id: number) => ({ action: 'update', targetId: id, revision: 'x', changes: { type: 'mapping' } }),
        /baseField/,
      ],
      [
        'an operator that is not an account',
        400,
        () => ({
          action: 'create',
          changes: { type: 'string', format: 't', names: ['o'] },
          operatorUid: crypto.randomUUID(),
        }),
        /operatorUid/,
      ],
    ])('explains a failed preview: %s', async (_name, code, body, message) => {
      const ws = await workspace();
      const { commit } = await apply(ws, 'dimensions', {
        action: 'create',
        changes: { type: 'string', format: 't', names: ['base'] },
      });
      const request = body(commit.id) as { revision?: string };
      if (request.revision === 'x') request.revision = commit.revision ?? '';
      const answer = await api.fails('previewDimensionChange', code, {
        params: { workspaceId: ws },
        body: request,
      });
      expect(answer.errmsg).toMatch(message);
    });
  });

  describe('management: commits', () => {
    async function previewCreate(ws: number, names: string[], extra: object = {}, key?: string) {
      return okAs<Preview>('previewDimensionChange', {
        params: { workspaceId: ws },
        body: { action: 'create', changes: { type: 'string', format: 't', names }, ...extra },
        ...(key ? { key } : {}),
      });
    }
    const commitCreate = (
      ws: number,
      names: string[],
      planToken: string,
      idempotencyKey: string,
      extra: object = {},
      key?: string,
    ) =>
      api.call('createManagedDimension', {
        params: { workspaceId: ws },
        body: { changes: { type: 'string', format: 't', names }, planToken, ...extra },
        headers: { 'Idempotency-Key': idempotencyKey },
        ...(key ? { key } : {}),
      });

    it('replays the same request with the same key: same result, applied once', async () => {
      const ws = await workspace();
      const preview = await previewCreate(ws, ['once']);
      const key = idem();
      const first = await commitCreate(ws, ['once'], preview.planToken, key);
      const second = await commitCreate(ws, ['once'], preview.planToken, key);
      expect(first.errcode).toBe(200);
      expect(second.data).toEqual(first.data);
      expect(await okAs<unknown[]>('listManagedDimensions', { params: { workspaceId: ws } })).toHaveLength(1);
    });

    it('rejects the same Idempotency-Key with a different request (422), and changes nothing', async () => {
      const ws = await workspace();
      const preview = await previewCreate(ws, ['first']);
      const key = idem();
      expect((await commitCreate(ws, ['first'], preview.planToken, key)).errcode).toBe(200);
      const other = await previewCreate(ws, ['second']);
      const answer = await commitCreate(ws, ['second'], other.planToken, key);
      expect(answer).toMatchObject({ status: 422, errcode: 422, data: { reason: 'idempotency_key_reused' } });
      expect(await okAs<unknown[]>('listManagedDimensions', { params: { workspaceId: ws } })).toHaveLength(1);
    });

    it.each([
      ['129 characters', 'k'.repeat(129)],
      ['an empty key', ''],
      ['two keys (a repeated header)', 'a, b'],
    ])('refuses an Idempotency-Key of %s with 400', async (_name, key) => {
      const ws = await workspace();
      const preview = await previewCreate(ws, ['k']);
      const answer = await commitCreate(ws, ['k'], preview.planToken, key);
      expect(answer).toMatchObject({ status: 400, errcode: 400 });
      expect(answer.errmsg).toContain('Idempotency-Key');
    });

    it('uses a plan token for one successful commit only, also for creates', async () => {
      const ws = await workspace();
      const preview = await previewCreate(ws, ['single']);
      expect((await commitCreate(ws, ['single'], preview.planToken, idem())).errcode).toBe(200);
      const again = await commitCreate(ws, ['single'], preview.planToken, idem());
      expect(again).toMatchObject({ status: 409, errcode: 409 });
    });

    it.each([
      [
        'changes that differ from the preview',
        (c: { ws: number; token: string; uid: string }) =>
          commitCreate(c.ws, ['other'], c.token, idem(), { operatorUid: c.uid }),
        /change/,
      ],
      [
        'another operator',
        (c: { ws: number; token: string; uid: string }) => commitCreate(c.ws, ['bound'], c.token, idem(), {}),
        /operator/,
      ],
      [
        'another workspace',
        async (c: { ws: number; token: string }) =>
          commitCreate(await workspace(), ['bound'], c.token, idem()),
        /workspace/,
      ],
      [
        'another key',
        async (c: { ws: number; token: string; otherKey: string }) =>
          commitCreate(c.ws, ['bound'], c.token, idem(), { operatorUid: undefined }, c.otherKey),
        /key|operator/,
      ],
    ])('refuses a token bound to something else: %s', async (_name, send, message) => {
      const ws = await workspace();
      const account = await api.ok('createAccount', { body: {} });
      const preview = await previewCreate(ws, ['bound'], { operatorUid: account.uid });
      const otherKey = await target().createKey({ name: 'other' });
      const answer = await send({ ws, token: preview.planToken, uid: account.uid, otherKey });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.errmsg).toMatch(message);
      expect(await okAs<unknown[]>('listManagedDimensions', { params: { workspaceId: ws } })).toHaveLength(0);
    });

    it('refuses a commit whose object moved since the preview (409) and applies nothing', async () => {
      const ws = await workspace();
      const { commit } = await apply(ws, 'measures', { action: 'create', changes: { names: ['m'] } });
      const stale = await okAs<Preview>('previewMeasureChange', {
        params: { workspaceId: ws },
        body: {
          action: 'update',
          targetId: commit.id,
          revision: commit.revision,
          changes: { description: 'stale' },
        },
      });
      await apply(ws, 'measures', {
        action: 'update',
        targetId: commit.id,
        revision: commit.revision ?? '',
        changes: { description: 'fresh' },
      });
      const answer = await api.call('updateManagedMeasure', {
        params: { workspaceId: ws, id: commit.id },
        body: { changes: { description: 'stale' }, planToken: stale.planToken },
        headers: { 'Idempotency-Key': idem() },
      });
      expect(answer).toMatchObject({ status: 409, errcode: 409, data: { reason: 'revision_conflict' } });
      const detail = await okAs<Detail>('getManagedMeasure', { params: { workspaceId: ws, id: commit.id } });
      expect(detail.definition.description).toBe('fresh');
    });

    it('accepts a plan token at 9:59 and refuses one at 10:01 (410)', async () => {
      const ws = await workspace();
      const early = await previewCreate(ws, ['early']);
      const late = await previewCreate(ws, ['late']);
      await target().advanceClock(599);
      expect((await commitCreate(ws, ['early'], early.planToken, idem())).errcode).toBe(200);
      await target().advanceClock(2);
      const answer = await commitCreate(ws, ['late'], late.planToken, idem());
      expect(answer).toMatchObject({ status: 410, errcode: 410, data: { reason: 'plan_token_expired' } });
    });

    it('replays at day 364; after one year the key is new and the operation is gone', async () => {
      const ws = await workspace();
      const preview = await previewCreate(ws, ['kept']);
      const key = idem();
      const first = await commitCreate(ws, ['kept'], preview.planToken, key);
      const { operationId } = first.data as Commit;
      await target().advanceClock(364 * 86_400);
      expect((await commitCreate(ws, ['kept'], preview.planToken, key)).data).toEqual(first.data);
      await okAs<Operation>('getManagementOperation', { params: { workspaceId: ws, operationId } });
      await target().advanceClock(2 * 86_400);
      await api.fails('getManagementOperation', 404, { params: { workspaceId: ws, operationId } });
      const after = await commitCreate(ws, ['kept'], preview.planToken, key);
      expect(after.errcode).not.toBe(200);
      expect(after.data).not.toEqual(first.data);
    });

    it('shows an operation only to its key in its workspace (404 otherwise)', async () => {
      const ws = await workspace();
      const { commit } = await apply(ws, 'sops', { action: 'create', changes: { name: 'x', steps: ['a'] } });
      const other = await target().createKey({ name: 'stranger' });
      await api.fails('getManagementOperation', 404, {
        params: { workspaceId: ws, operationId: commit.operationId },
        key: other,
      });
      await api.fails('getManagementOperation', 404, {
        params: { workspaceId: await workspace(), operationId: commit.operationId },
      });
      await api.fails('getManagementOperation', 404, {
        params: { workspaceId: ws, operationId: 'op_unknown' },
      });
    });
  });

  describe('management: concurrency', () => {
    it('applies exactly one of two commits of one preview sent at once with different keys', async () => {
      const ws = await workspace();
      const preview = await okAs<Preview>('previewCorpusChange', {
        params: { workspaceId: ws },
        body: { action: 'create', changes: { title: 'race', content: 'c' } },
      });
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          api.call('createManagedCorpus', {
            params: { workspaceId: ws },
            body: { changes: { title: 'race', content: 'c' }, planToken: preview.planToken },
            headers: { 'Idempotency-Key': idem() },
          }),
        ),
      );
      expect(answers.filter((a) => a.errcode === 200)).toHaveLength(1);
      for (const a of answers.filter((a) => a.errcode !== 200)) expect(a.errcode).toBe(409);
      expect(await okAs<unknown[]>('listManagedCorpus', { params: { workspaceId: ws } })).toHaveLength(1);
    });

    it('gives N parallel identical requests with one key one effect: each answer is the result or 409', async () => {
      const ws = await workspace();
      const preview = await okAs<Preview>('previewCorpusChange', {
        params: { workspaceId: ws },
        body: { action: 'create', changes: { title: 'same', content: 'c' } },
      });
      const key = idem();
      const send = () =>
        api.call('createManagedCorpus', {
          params: { workspaceId: ws },
          body: { changes: { title: 'same', content: 'c' }, planToken: preview.planToken },
          headers: { 'Idempotency-Key': key },
        });
      const answers: Answer[] = await Promise.all(Array.from({ length: 12 }, send));
      const successes = answers.filter((a) => a.errcode === 200);
      expect(successes.length).toBeGreaterThanOrEqual(1);
      for (const a of successes) expect(a.data).toEqual(successes[0]?.data);
      for (const a of answers.filter((a) => a.errcode !== 200)) expect(a.errcode).toBe(409);
      expect((await send()).data).toEqual(successes[0]?.data);
      expect(await okAs<unknown[]>('listManagedCorpus', { params: { workspaceId: ws } })).toHaveLength(1);
    });
  });

  describe('source catalogue (extension)', () => {
    it('starts empty, is replaced as a whole, and answers sorted by table name', async () => {
      const ws = await workspace();
      expect(await api.ok('getSourceCatalogue', { params: { workspaceId: ws } })).toEqual({ tables: [] });
      const tables = [
        { name: 'fact_orders', fields: ['amount'] },
        { name: 'dim_region', fields: ['region_id'] },
      ];
      await api.ok('setSourceCatalogue', { params: { workspaceId: ws }, body: { tables } });
      const want = { tables: [tables[1], tables[0]] };
      expect(await api.ok('getSourceCatalogue', { params: { workspaceId: ws } })).toEqual(want);
      await api.ok('setSourceCatalogue', { params: { workspaceId: ws }, body: { tables: [] } });
      expect(await api.ok('getSourceCatalogue', { params: { workspaceId: ws } })).toEqual({ tables: [] });
    });

    it('refuses a table listed twice, naming it, and keeps the catalogue', async () => {
      const ws = await workspace();
      const tables = [{ name: 't', fields: [] }];
      await api.ok('setSourceCatalogue', { params: { workspaceId: ws }, body: { tables } });
      const answer = await api.fails('setSourceCatalogue', 400, {
        params: { workspaceId: ws },
        body: {
          tables: [
            { name: 'a', fields: [] },
            { name: 'a', fields: ['x'] },
          ],
        },
      });
      expect(answer.errmsg).toContain('tables.1.name');
      expect(await api.ok('getSourceCatalogue', { params: { workspaceId: ws } })).toEqual({ tables });
    });

    it('answers 404 for an unknown workspace', async () => {
      await api.fails('getSourceCatalogue', 404, { params: { workspaceId: 1_999_999_998 } });
    });
  });

  describe('management: operation states and follow-up tasks', () => {
    async function catalogue(ws: number) {
      await api.ok('setSourceCatalogue', {
        params: { workspaceId: ws },
        body: {
          tables: [
            { name: 'dim_region', fields: ['region_id', 'name'] },
            { name: 'fact_orders', fields: ['amount'] },
          ],
        },
      });
    }
    const operation = (ws: number, operationId: string) =>
      okAs<Operation>('getManagementOperation', { params: { workspaceId: ws, operationId } });

    it('saved: a change without a source binding has no task', async () => {
      const ws = await workspace();
      const { commit } = await apply(ws, 'measures', { action: 'create', changes: { names: ['plain'] } });
      expect(commit.state).toBe('saved');
      const op = await operation(ws, commit.operationId);
      expect(op.state).toBe('saved');
      expect(op).not.toHaveProperty('taskUid');
    });

    it('pending, then verified: the refresh finds the bound source', async () => {
      const ws = await workspace();
      await catalogue(ws);
      const { commit } = await apply(ws, 'dimension-tables', {
        action: 'create',
        changes: { name: 'r', table: 'dim_region', keyField: 'region_id' },
      });
      expect(commit.state).toBe('pending');
      const pending = await operation(ws, commit.operationId);
      expect(pending).toMatchObject({ state: 'pending', taskUid: expect.stringMatching(/^task_/) });
      await target().advanceClock(3);
      const done = await operation(ws, commit.operationId);
      expect(done).toMatchObject({
        state: 'verified',
        taskResult: { status: 'succeeded' },
        probe: { passed: true },
      });
    });

    it('failed: the bound source is not in the catalogue, and taskResult says why', async () => {
      const ws = await workspace();
      await catalogue(ws);
      const { commit } = await apply(ws, 'datasets', {
        action: 'create',
        changes: { name: 'd', table: 'fact_missing' },
      });
      await target().advanceClock(3);
      const op = await operation(ws, commit.operationId);
      expect(op).toMatchObject({
        state: 'failed',
        taskResult: { status: 'failed' },
        probe: { passed: false },
      });
      expect(op.taskResult?.message).toContain('fact_missing');
    });

    it('unknown: a later change merged into the same task supersedes the earlier operation', async () => {
      const ws = await workspace();
      await catalogue(ws);
      const first = await apply(ws, 'time-series', {
        action: 'create',
        changes: { type: 'date', names: ['ts'], timeUnit: 'day', table: 'fact_orders', field: 'amount' },
      });
      const second = await apply(ws, 'time-series', {
        action: 'update',
        targetId: first.commit.id,
        revision: first.commit.revision ?? '',
        changes: { field: 'nope' },
      });
      const [a, b] = [
        await operation(ws, first.commit.operationId),
        await operation(ws, second.commit.operationId),
      ];
      expect(a.taskUid).toBe(b.taskUid);
      await target().advanceClock(3);
      expect((await operation(ws, first.commit.operationId)).state).toBe('unknown');
      expect((await operation(ws, second.commit.operationId)).state).toBe('failed');
    });

    it('debounces: requests inside the window merge into one task', async () => {
      const ws = await workspace();
      await catalogue(ws);
      const one = await apply(ws, 'datasets', {
        action: 'create',
        changes: { name: 'a', table: 'fact_orders' },
      });
      // 1.8 s + 0.4 s passes the first request's 2 s window: only the push-back keeps the task waiting.
      await target().advanceClock(1.8);
      const two = await apply(ws, 'datasets', {
        action: 'create',
        changes: { name: 'b', table: 'fact_orders', fields: ['amount'] },
      });
      await target().advanceClock(0.4);
      const [a, b] = [
        await operation(ws, one.commit.operationId),
        await operation(ws, two.commit.operationId),
      ];
      expect(a.taskUid).toBe(b.taskUid);
      expect(a.state).toBe('pending');
      await target().advanceClock(2);
      expect((await operation(ws, one.commit.operationId)).state).toBe('verified');
      expect((await operation(ws, two.commit.operationId)).state).toBe('verified');
    });
  });
}
