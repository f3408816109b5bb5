import { MOCK_KEY } from '@wsadmin/mock';
import { describe, expect, it } from 'vitest';
import { inMemorySession } from '../test/in-memory-session';
import { jsonLinesLog } from './log';

describe('the log', () => {
  it('drops fields named like secrets, whatever a caller passes', () => {
    const lines: string[] = [];
    const log = jsonLinesLog((line) => lines.push(line));
    log('event', {
      tool: 'commit_change',
      planToken: 'pt_1',
      key: 'wsk_1',
      password: 'p',
      Authorization: 'Bearer x',
    });
    expect(lines).toHaveLength(1);
    const written = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
    expect(Object.keys(written).sort()).toEqual(['event', 'time', 'tool']);
  });

  it('has no key, password or plan token in any line of a session that used all three', async () => {
    const lines: string[] = [];
    const session = await inMemorySession({
      scenario: { seed: { workspaces: [{ name: 'Sales' }] } },
      log: jsonLinesLog((line) => lines.push(line)),
    });
    const password = 'correct-horse-battery';
    await session.call('write_accounts', {
      operation: 'createAccount',
      body: { username: 'alice', password },
    });
    const preview = await session.call('preview_change', {
      kind: 'dimensions',
      workspaceId: 1,
      action: 'create',
      changes: { type: 'string', format: 'text', names: ['region'] },
    });
    const { planToken } = preview.structuredContent as { planToken: string };
    await session.call('commit_change', { planToken });
    await session.call('commit_change', { planToken: 'pt_invented' });
    await session.close();
    expect(lines.length).toBeGreaterThanOrEqual(3);
    const all = lines.join('');
    for (const secret of [MOCK_KEY, password, planToken]) expect(all).not.toContain(secret);
  });
});
