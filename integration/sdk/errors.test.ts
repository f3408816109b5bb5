import type { ErrorReason } from '@wsadmin/sdk';
import { ApiError, isApiError, NetworkError, safe, WsadminError } from '@wsadmin/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForTests } from './setup';

const server = serverForTests();
let ws: number;
let other: number;

beforeAll(async () => {
  [ws, other] = (await server.client.workspaces.createMany([{ name: 'Errors' }, { name: 'Elsewhere' }])).map(
    (w) => w.id,
  ) as [number, number];
});

/** Runs `call` and returns what it rejected with (fails when it resolves). */
async function failure(call: () => Promise<unknown>): Promise<ApiError> {
  const outcome = await call().then(
    (data) => ({ data }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a failure, got ${JSON.stringify(outcome.data)}`);
  if (!(outcome.error instanceof ApiError)) throw outcome.error;
  return outcome.error;
}

interface Expected {
  errcode: number;
  reason: ErrorReason;
  operationId: string;
  errmsg: RegExp;
  issues?: { path: string }[];
}

describe('error mapping from the reference server', () => {
  const rows: [string, () => Promise<unknown>, Expected][] = [
    [
      '400 invalid input, naming the field',
      () => server.client.workspaces.create({ name: '' }),
      {
        errcode: 400,
        reason: 'invalid_request',
        operationId: 'createWorkspace',
        errmsg: /^body\.name: /,
        issues: [{ path: 'body.name' }],
      },
    ],
    [
      '400 for every invalid field of a batch item',
      () =>
        server.client.accounts.createMany([
          { username: 'ok_name' },
          { email: 'not-an-email', password: 'short' },
        ]),
      {
        errcode: 400,
        reason: 'invalid_request',
        operationId: 'createAccounts',
        errmsg: /body\.accounts\.1\./,
        issues: [{ path: 'body.accounts.1.email' }, { path: 'body.accounts.1.password' }],
      },
    ],
    [
      '401 with a wrong key',
      () => server.clientWith({ key: 'wsk_not_a_key_of_this_server' }).scopes.get(),
      { errcode: 401, reason: 'unauthorized', operationId: 'getScope', errmsg: /key/i },
    ],
    [
      '403 with a key that lacks the feature permission',
      async () =>
        server.clientWith({ key: await server.createKey({ permissions: ['account'] }) }).workspaces.list(),
      { errcode: 403, reason: 'forbidden', operationId: 'listWorkspaces', errmsg: /workspace/ },
    ],
    [
      '403 with a key limited to other workspaces',
      async () =>
        server
          .clientWith({ key: await server.createKey({ permissions: ['workspace'], workspaceIds: [other] }) })
          .dimensions.list(ws),
      {
        errcode: 403,
        reason: 'forbidden',
        operationId: 'listDimensions',
        errmsg: /may not access workspace/,
      },
    ],
    [
      '404 for an unknown workspace',
      () => server.client.workspaces.get(987_654),
      {
        errcode: 404,
        reason: 'not_found',
        operationId: 'getWorkspace',
        errmsg: /workspace 987654 not found/,
      },
    ],
    [
      '409 for a login name that is taken',
      async () => {
        await server.client.accounts.create({ username: 'taken_name' });
        return server.client.accounts.create({ username: 'taken_name' });
      },
      { errcode: 409, reason: 'conflict', operationId: 'createAccount', errmsg: /taken_name/ },
    ],
    [
      '409 for a plan token used twice',
      async () => {
        const sops = server.client.management(ws).sops;
        const changes = { name: 'Once', steps: ['do it'] };
        const { planToken } = await sops.preview({ action: 'create', changes });
        await sops.commitCreate({ changes, planToken });
        return sops.commitCreate({ changes, planToken });
      },
      { errcode: 409, reason: 'conflict', operationId: 'createManagedSop', errmsg: /plan token/i },
    ],
    [
      '422 for an Idempotency-Key reused with another request',
      async () => {
        const corpus = server.client.management(ws).corpus;
        const first = { title: 'First', content: 'one' };
        const second = { title: 'Second', content: 'two' };
        const a = await corpus.preview({ action: 'create', changes: first });
        const b = await corpus.preview({ action: 'create', changes: second });
        await corpus.commitCreate(
          { changes: first, planToken: a.planToken },
          { idempotencyKey: 'reused-key' },
        );
        return corpus.commitCreate(
          { changes: second, planToken: b.planToken },
          { idempotencyKey: 'reused-key' },
        );
      },
      {
        errcode: 422,
        reason: 'idempotency_key_reused',
        operationId: 'createManagedCorpus',
        errmsg: /Idempotency-Key/,
      },
    ],
  ];

  it.each(rows)('%s', async (_, call, expected) => {
    const error = await failure(call);
    expect(error).toBeInstanceOf(WsadminError);
    expect(error.name).toBe('ApiError');
    expect(error).toMatchObject({
      errcode: expected.errcode,
      status: expected.errcode,
      reason: expected.reason,
      operationId: expected.operationId,
    });
    expect(error.errmsg).toMatch(expected.errmsg);
    expect(error.message).toBe(`${expected.operationId}: ${error.errmsg} (errcode ${expected.errcode})`);
    expect(error.response.status).toBe(expected.errcode);
    if (expected.issues) expect(error.issues).toMatchObject(expected.issues);
    expect(isApiError(error, expected.errcode)).toBe(true);
  });

  it('410 for a plan token that expired on the test clock (600 s after the preview)', async () => {
    const measures = server.client.management(ws).measures;
    const changes = { names: ['late measure'] };
    const { planToken, expiresAt } = await measures.preview({ action: 'create', changes });
    const now = await server.advanceClock(601);
    expect(now.getTime()).toBeGreaterThan(Date.parse(expiresAt));
    const error = await failure(() => measures.commitCreate({ changes, planToken }));
    expect(error).toMatchObject({
      errcode: 410,
      status: 410,
      reason: 'plan_token_expired',
      operationId: 'createManagedMeasure',
    });
    expect((await measures.list()).map((s) => s.name)).not.toContain('late measure');
  });

  it('a NetworkError when nothing listens at the base URL', async () => {
    const closed = server.clientWith({ baseUrl: 'http://127.0.0.1:9', retries: 0 });
    const error = await closed.scopes.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ operationId: 'getScope' });
  });
});

describe('the safe style against the reference server', () => {
  it('resolves { data } on success and { error } on failure, for nested scopes too', async () => {
    const listed = await server.client.safe.workspaces.list({ q: 'Errors' });
    expect(listed.error).toBeUndefined();
    expect(listed.data?.map((w) => w.id)).toEqual([ws]);

    const missing = await server.client.safe.workspaces.get(987_654);
    expect(missing.data).toBeUndefined();
    expect(missing.error).toBeInstanceOf(ApiError);
    expect(missing.error).toMatchObject({ errcode: 404, operationId: 'getWorkspace' });

    const group = await server.client.safe.memberGroups(ws).create({ name: 'Safe group' });
    if (group.error) throw group.error;
    const rows = await server.client.safe.memberGroups(ws, group.data.id).rowPermission.get();
    expect(rows).toEqual({ data: { rowPermissionMode: 1, rowPermission: [] } });
    const gone = await server.client.safe.memberGroups(ws, 987_654).rowPermission.get();
    expect(gone.error).toMatchObject({ errcode: 404, operationId: 'getMemberGroupRowPermission' });
  });

  it('runs apply() in the safe style: a result, or the conflict as an error', async () => {
    const management = server.client.safe.management(ws);
    const created = await management.apply({
      collection: 'dimensions',
      action: 'create',
      changes: { type: 'string', format: 'text', names: ['safe dimension'] },
    });
    if (created.error) throw created.error;
    expect(created.data.readBack.definition.names).toEqual(['safe dimension']);
    const duplicate = await management.apply({
      collection: 'dimensions',
      action: 'create',
      changes: { type: 'string', format: 'text', names: ['safe dimension'] },
    });
    expect(duplicate.data).toBeUndefined();
    expect(duplicate.error).toMatchObject({ errcode: 409, operationId: 'previewDimensionChange' });
    expect(await management.collection('dimensions').get(created.data.commit.id)).toMatchObject({
      data: { id: created.data.commit.id },
    });
  });

  it('safe(promise) captures API errors and passes data through', async () => {
    expect(await safe(server.client.scopes.get())).toMatchObject({ data: { permissions: [] } });
    const { error } = await safe(server.clientWith({ key: 'wsk_wrong' }).workspaces.list());
    expect(error).toMatchObject({ name: 'ApiError', errcode: 401 });
  });
});
