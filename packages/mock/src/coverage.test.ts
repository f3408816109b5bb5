import {
  EmptyEnvelope,
  ErrorEnvelope,
  envelopeOf,
  type OperationId,
  operationEntries,
} from '@wsadmin/contract';
import { pathOf } from '@wsadmin/contract/routes';
import { matchOperation } from '@wsadmin/server-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_BASE_URL } from './create-mock';
import { setupMockServer } from './node';
import { send } from './test-helpers';

/** A value for every path placeholder of the contract; workspace 1 is seeded. */
const sample: Record<string, string | number> = {
  workspaceId: 1,
  id: 1,
  timeSeriesId: 1,
  member_groups_pk: 1,
  member_uid: 'nobody',
  member_id: 'nobody',
  account_uid: 'nobody',
  type: 'dimensions',
  operationId: 'op_unknown',
};

const concrete = (operationId: OperationId) => pathOf(operationId, sample);

describe('every contract operation is served through MSW', () => {
  // Sample requests reach every route, most of them refused by its schema: not strict.
  const { mock, server } = setupMockServer({ seed: { workspaces: [{ name: 'covered' }] }, strict: false });
  const unhandled: string[] = [];
  const mocked: string[] = [];
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    server.events.on('request:unhandled', ({ request }) =>
      unhandled.push(`${request.method} ${request.url}`),
    );
    server.events.on('response:mocked', ({ request }) => mocked.push(`${request.method} ${request.url}`));
  });
  afterAll(async () => {
    server.close();
    await mock.close();
  });

  it.each(operationEntries.map(([id, op]) => [id, op.method.toUpperCase(), op] as const))(
    '%s (%s) reaches its route in the app and answers a contract envelope',
    async (operationId, method, op) => {
      const url = `${MOCK_BASE_URL}${concrete(operationId)}`;
      const before = mocked.length;
      const answer = await send(url, { method, ...(op.body ? { body: {} } : {}) });
      expect(mocked.length).toBe(before + 1);
      // The router found the operation: not "unknown path" (404) nor "method not allowed" (405).
      expect(answer.body.errmsg).not.toMatch(/unknown path|is not allowed on/);
      expect(answer.status).toBe(answer.body.errcode);
      const schema = answer.status === 200 ? (op.data ? envelopeOf(op.data) : EmptyEnvelope) : ErrorEnvelope;
      expect(schema.safeParse(answer.body).success, `${operationId}: ${JSON.stringify(answer.body)}`).toBe(
        true,
      );
      expect(unhandled).toEqual([]);
    },
  );

  it('matches every concrete path back to its own operation, static segments first', () => {
    for (const [operationId, op] of operationEntries) {
      expect(matchOperation(op.method, concrete(operationId))?.operationId).toBe(operationId);
    }
    expect(matchOperation('PUT', '/openapi/v1/workspaces/update-workspaces/')?.operationId).toBe(
      'updateWorkspaces',
    );
    expect(matchOperation('PUT', '/openapi/v1/workspaces/7/')).toEqual({
      operationId: 'updateWorkspace',
      params: { workspaceId: '7' },
    });
    expect(matchOperation('GET', '/openapi/v1/workspaces')).toBeUndefined();
  });

  it('answers paths under /openapi/v1/ that no operation has, as the server does', async () => {
    expect(await send(`${MOCK_BASE_URL}/openapi/v1/nothing-here/`)).toMatchObject({
      status: 404,
      body: { errcode: 404 },
    });
    const noSlash = await send(`${MOCK_BASE_URL}/openapi/v1/workspaces`);
    expect(noSlash.body.errmsg).toMatch(/must end with "\/"/);
    expect(unhandled).toEqual([]);
  });
});
