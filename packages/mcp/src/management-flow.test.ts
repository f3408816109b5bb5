import { afterEach, describe, expect, it } from 'vitest';
import { inMemorySession, textOf } from '../test/in-memory-session';

const scenario = { seed: { workspaces: [{ name: 'Sales' }] } };
type Session = Awaited<ReturnType<typeof inMemorySession>>;
const sessions: Session[] = [];
const open = async (options: Parameters<typeof inMemorySession>[0] = {}) => {
  const session = await inMemorySession({ scenario, ...options });
  sessions.push(session);
  return session;
};
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
});

const region = {
  kind: 'dimensions',
  workspaceId: 1,
  action: 'create',
  changes: { type: 'string', format: 'text', names: ['region'] },
};

describe('the management flow', () => {
  it('previews, commits with the plan token, reads the operation and reads the object back', async () => {
    const { call } = await open();
    const preview = await call('preview_change', region);
    expect(preview.isError).toBeFalsy();
    const planned = preview.structuredContent as { planToken: string; impact: object };
    expect(planned.impact).toEqual({ usedByModels: [], usedByDrafts: [], dependentMeasures: [] });
    expect(textOf(preview)).toContain('Nothing is saved yet');

    const commit = await call('commit_change', { planToken: planned.planToken });
    expect(commit.isError).toBeFalsy();
    const committed = commit.structuredContent as {
      operationId: string;
      state: string;
      id: number;
      nextStep: string;
      impact: object;
    };
    expect(committed.impact).toEqual(planned.impact);
    expect(['saved', 'pending', 'verified']).toContain(committed.state);
    expect(committed.nextStep.length).toBeGreaterThan(0);

    const operation = await call('get_operation', { workspaceId: 1, operationId: committed.operationId });
    expect(operation.structuredContent).toMatchObject({
      operationId: committed.operationId,
      state: committed.state,
    });

    const read = await call('read_management', {
      operation: 'getManagedDimension',
      workspaceId: 1,
      id: committed.id,
    });
    expect(read.structuredContent).toMatchObject({
      operation: 'getManagedDimension',
      data: { id: committed.id, definition: { names: ['region'] } },
    });
  });

  it('refuses an invented plan token, one of another session, a spent one and a stale one', async () => {
    const first = await open();
    const invented = await first.call('commit_change', { planToken: 'pt_invented' });
    expect(invented.isError).toBe(true);
    expect(textOf(invented)).toMatch(
      /planToken.*not a plan token a preview_change of this session returned/s,
    );

    const { planToken } = (await first.call('preview_change', region)).structuredContent as {
      planToken: string;
    };
    const other = await open({ mock: first.mock });
    const foreign = await other.call('commit_change', { planToken });
    expect(foreign.isError).toBe(true);
    expect(textOf(foreign)).toContain('planToken');

    expect((await first.call('commit_change', { planToken })).isError).toBeFalsy();
    const again = await first.call('commit_change', { planToken });
    expect(again.isError).toBe(true);
    expect(textOf(again)).toContain('already committed');

    let now = new Date();
    const later = await open({ mock: first.mock, now: () => now });
    const token = (
      (await later.call('preview_change', { ...region, changes: { ...region.changes, names: ['city'] } }))
        .structuredContent as { planToken: string }
    ).planToken;
    now = new Date(Date.now() + 11 * 60_000);
    const stale = await later.call('commit_change', { planToken: token });
    expect(stale.isError).toBe(true);
    expect(textOf(stale)).toMatch(/errcode 410.*expired/s);
  });

  it('resends the same Idempotency-Key when a commit got no answer, and the service commits once', async () => {
    const keys: string[] = [];
    let dropNextCommitAnswer = true;
    const { call } = await open({
      wrapFetch: (fetch) => async (request) => {
        const key = request.headers.get('Idempotency-Key');
        const response = await fetch(request);
        if (key) {
          keys.push(key);
          // The service committed, but its answer is lost on the way back.
          if (dropNextCommitAnswer) {
            dropNextCommitAnswer = false;
            throw new TypeError('fetch failed');
          }
        }
        return response;
      },
    });
    const { planToken } = (await call('preview_change', region)).structuredContent as { planToken: string };
    const lost = await call('commit_change', { planToken });
    expect(lost.isError).toBe(true);
    expect(textOf(lost)).toContain('Call commit_change again with the same planToken');
    const retried = await call('commit_change', { planToken });
    expect(retried.isError).toBeFalsy();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    const listed = await call('read_management', { operation: 'listManagedDimensions', workspaceId: 1 });
    const names = (listed.structuredContent as { data: { name: string }[] }).data.map((item) => item.name);
    expect(names.filter((name) => name === 'region')).toHaveLength(1);
  });

  it('says what to do for each state: poll while pending, read back when unknown, never a pass', async () => {
    const { call, mock } = await open();
    mock.override('getManagementOperation', ({ params }) => ({
      operationId: params.operationId,
      target: { type: 'dimensions', id: 1 },
      action: 'create',
      state: 'unknown',
      beforeRevision: null,
      afterRevision: 'r1',
      result: { id: 1, revision: 'r1' },
      createdAt: '2026-01-01T00:00:00Z',
    }));
    const unknown = await call('get_operation', { workspaceId: 1, operationId: 'op_x' });
    expect(unknown.structuredContent).toMatchObject({ state: 'unknown' });
    expect((unknown.structuredContent as { nextStep: string }).nextStep).toMatch(
      /NOT a pass.*Read the object back/,
    );
  });
});
