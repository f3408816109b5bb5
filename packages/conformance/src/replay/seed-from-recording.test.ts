import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMock, MOCK_BASE_URL, MOCK_KEY } from '@wsadmin/mock';
import { loadScenarioFile } from '@wsadmin/mock/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/mock-recording';
import { replayRecording } from './replay';
import { seedFromRecording } from './seed-from-recording';
import { seededIdentifiers } from './seeded-identifiers';

const text = (names: string[]) => ({ type: 'string', format: 'text', names });

/**
 * A recording of an app browsing a service that already holds data (made on a mock before the
 * recording starts, after throwaway objects, so the recorded ids are not a fresh mock's), then
 * changing some of it.
 */
async function browsingRecording(): Promise<string> {
  const mock = createMock();
  const throwaway = await call(mock, 'POST', '/workspaces/', {});
  await call(mock, 'POST', `/workspaces/${throwaway.id}/measures/create-measures/`, {
    measures: [{ names: ['gone'] }],
  });
  await call(mock, 'DELETE', `/workspaces/${throwaway.id}/`);
  await call(mock, 'POST', '/accounts/create-accounts/', {
    accounts: [
      { username: 'ana', nickname: 'Ana', email: 'ana@example.com' },
      { username: 'bo', role: 1 },
    ],
  });
  const sales = await call(mock, 'POST', '/workspaces/', { name: 'Sales', desc: 'EMEA', date_offset: 2 });
  const generated = await call(mock, 'POST', '/workspaces/', { hc1: true });
  await call(mock, 'POST', `/workspaces/${sales.id}/dimensions/create-dimensions/`, {
    dimensions: [
      text(['region', 'Region']),
      {
        type: 'mapping',
        format: 'text',
        names: ['status'],
        baseField: { choice: { '1': 'open' }, typeBeforeMap: 'string', typeAfterMap: 'string' },
      },
    ],
  });
  await call(mock, 'POST', `/workspaces/${sales.id}/measures/create-measures/`, {
    measures: [
      { names: ['revenue'], sort: 1 },
      { names: ['cost'], description: 'all costs' },
    ],
  });
  await call(mock, 'POST', `/workspaces/${sales.id}/member-groups/`, { name: 'Analysts' });
  const from = mock.har().log.entries.length;
  await call(mock, 'GET', '/workspaces/');
  await call(mock, 'GET', `/workspaces/${sales.id}/`);
  await call(mock, 'GET', `/workspaces/${sales.id}/dimensions/`);
  const measures = (await call(mock, 'GET', `/workspaces/${sales.id}/measures/`)) as unknown as Array<{
    id: number;
  }>;
  await call(mock, 'GET', `/workspaces/${sales.id}/member-groups/`);
  await call(mock, 'GET', `/workspaces/${generated.id}/measures/`);
  const accounts = (await call(mock, 'GET', '/accounts/')) as unknown as Array<{ uid: string }>;
  await call(mock, 'GET', `/accounts/${accounts[0]?.uid}/`);
  await call(mock, 'PUT', `/workspaces/${sales.id}/measures/update-measures/`, {
    measures: [{ id: measures[1]?.id, description: 'every cost' }],
  });
  const added = await call(mock, 'POST', '/workspaces/', { name: 'Added while recording' });
  await call(mock, 'POST', `/workspaces/${added.id}/member-groups/`, { name: 'New group' });
  await call(mock, 'GET', `/workspaces/${added.id}/member-groups/`);
  await call(mock, 'GET', '/workspaces/');
  const har = mock.har();
  har.log.entries = har.log.entries.slice(from);
  return JSON.stringify(har);
}

describe('seedFromRecording', () => {
  let har: string;
  beforeAll(async () => {
    har = await browsingRecording();
  });

  it('holds the state from before the recording, as create requests, and what the recording made not', () => {
    const { seed, recordedIds, notes } = seedFromRecording(har);
    expect(notes).toEqual([]);
    expect(recordedIds.workspaces).toEqual([2, 3]);
    // Dimensions and measures share one sequence: the throwaway measure was 1, the dimensions 2 and 3.
    expect(recordedIds.dimensions).toEqual([[2, 3], []]);
    expect(recordedIds.measures).toEqual([[4, 5], []]);
    expect(seed.accounts?.map(({ username, nickname }) => [username, nickname])).toEqual([
      ['ana', 'Ana'],
      ['bo', ''],
    ]);
    const [sales, generated] = seed.workspaces ?? [];
    expect(sales).toMatchObject({ name: 'Sales', desc: 'EMEA', date_offset: 2 });
    // The generated name ("Workspace 3") is left to the mock, which names the workspace by its own id.
    expect(generated?.name).toBeUndefined();
    expect(generated).toMatchObject({ hc1: true });
    // As first shown: the cost measure before the recording updated it.
    expect(sales?.measures).toEqual([
      { names: ['revenue'], description: '', sort: 1 },
      { names: ['cost'], description: 'all costs', sort: -1 },
    ]);
    expect(sales?.memberGroups).toEqual([{ name: 'Analysts' }]);
    expect(seed.workspaces).toHaveLength(2);
  });

  it('written as a scenario file, loaded by the mock, answers the whole recording as recorded (identifiers mapped)', async () => {
    const { seed } = seedFromRecording(har);
    const file = join(mkdtempSync(join(tmpdir(), 'wsadmin-seed-')), 'scenario.json');
    writeFileSync(file, JSON.stringify({ seed }, null, 2));
    const mock = createMock(await loadScenarioFile(file));
    const target = {
      baseUrl: MOCK_BASE_URL,
      key: MOCK_KEY,
      fetch: (request: Request) => mock.fetch(request),
    };
    const known = await seededIdentifiers(seedFromRecording(har), target);
    expect(known.filter(({ kind }) => kind === 'workspaces')).toEqual([
      { kind: 'workspaces', recorded: 2, replayed: 1 },
      { kind: 'workspaces', recorded: 3, replayed: 2 },
    ]);
    const result = await replayRecording(har, target, { known });
    expect(result.problems).toEqual([]);
    expect(result.replayed).toHaveLength(13);
    expect(result.replayed.flatMap((entry) => entry.differences)).toEqual([]);
  });

  it('without the seed, the same recording differs: the reads find nothing', async () => {
    const mock = createMock();
    const result = await replayRecording(har, {
      baseUrl: MOCK_BASE_URL,
      key: MOCK_KEY,
      fetch: (request) => mock.fetch(request),
    });
    expect(result.replayed.filter((entry) => entry.differences.length > 0).length).toBeGreaterThan(5);
  });
});
