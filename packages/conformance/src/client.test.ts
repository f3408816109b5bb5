import { describe, expect, it } from 'vitest';
import { scenarioClient } from './client';

describe('the scenario client', () => {
  it('refuses an unknown operationId before any request, naming the nearest', async () => {
    const client = scenarioClient(() => {
      throw new Error('no target is needed: nothing may be sent');
    });
    expect(() => client.call('getWorkspce' as never)).toThrow(
      "unknown operationId 'getWorkspce'; did you mean 'getWorkspace'?",
    );
    await expect(client.ok('listWorkspace' as never)).rejects.toThrow(
      "unknown operationId 'listWorkspace'; did you mean 'listWorkspaces'?",
    );
  });
});
