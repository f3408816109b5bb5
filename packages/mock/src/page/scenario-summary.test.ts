import { describe, expect, it } from 'vitest';
import { createMock } from '../index-node';
import { scenarioSummary } from './scenario-summary';

describe('scenarioSummary', () => {
  it('counts what the seed holds, nested objects summed over the workspaces, and names keys, overrides and the clock', () => {
    expect(
      scenarioSummary({
        seed: {
          accounts: [{ uid: 'a', username: 'ada', email: 'ada@example.com', password: 'correct horse' }],
          workspaces: [
            {
              name: 'Sales',
              dimensions: [{ type: 'string', format: 'text', names: ['region'] }],
              measures: [{ names: ['revenue'] }],
            },
            { name: 'Marketing', dimensions: [{ type: 'string', format: 'text', names: ['channel'] }] },
          ],
        },
        keys: [{ secret: 'wsk_one' }, { secret: 'wsk_two' }],
        overrides: { listWorkspaces: 'network-error', getWorkspace: { override: 'network-error', times: 1 } },
        startAt: new Date('2030-01-01T00:00:00Z'),
      }),
    ).toBe(
      '2 workspaces, 1 account, 2 dimensions, 1 measure; keys: 2 besides MOCK_KEY; overrides: listWorkspaces, getWorkspace; clock from 2030-01-01T00:00:00.000Z',
    );
  });

  it('says when there is nothing to count', () => {
    expect(scenarioSummary({})).toBe('empty seed');
    expect(scenarioSummary({ seed: { workspaces: [] } })).toBe('empty seed');
    expect(scenarioSummary({ seed: () => undefined })).toBe('seeded by a function');
  });

  it('says when the mock starts from a snapshot instead of its seed', async () => {
    const mock = createMock({ seed: { workspaces: [{ name: 'Demo' }] } });
    try {
      expect(scenarioSummary({ snapshot: await mock.snapshot() })).toBe('from a snapshot');
    } finally {
      await mock.close();
    }
  });
});
