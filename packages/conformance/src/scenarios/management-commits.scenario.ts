import type { ScenarioTarget } from '../scenario-target';
import { describe, expect, it } from '../test-api';
import {
  type Commit,
  type Detail,
  managementClient,
  type Operation,
  type Preview,
} from './management-fixtures';

/** Commit rules: idempotency keys, single-use plan tokens bound to their request, expiry and operation visibility. */
export function managementCommitScenarios(target: () => ScenarioTarget) {
  const { api, idem, okAs, workspace, apply } = managementClient(target);

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
}
