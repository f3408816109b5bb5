import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMock, MOCK_BASE_URL, MOCK_KEY } from '@wsadmin/mock';
import { loadScenarioFile } from '@wsadmin/mock/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { browsingRecording } from '../../test/mock-recording';
import { replayRecording } from './replay';
import { seedFromRecording } from './seed-from-recording';
import { seededIdentifiers } from './seeded-identifiers';

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
    // In the order the recording listed them: made in one batch, the mock lists them by (random) uid.
    expect(seed.accounts?.map(({ username, nickname }) => [username, nickname]).sort()).toEqual([
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

  it('names what it cannot carry: a workspace only in paths, a model list, a uid that is not a uuid4, a refused object', () => {
    const answered = (path: string, data: unknown) => ({
      request: { method: 'GET', url: `${MOCK_BASE_URL}/openapi/v1${path}`, headers: [] },
      response: { status: 200, content: { text: JSON.stringify({ errcode: 200, errmsg: 'success', data }) } },
    });
    const dimension = {
      id: 12,
      type: 'string',
      format: 'text',
      names: ['region'],
      rating: 0,
      description: '',
      isKeyword: false,
      autoGroup: false,
      enableSubDimensionExplorer: false,
      keywordFilters: [],
      subDimensions: [],
      models: [{ id: 4, name: 'Sales model' }],
      used: true,
    };
    const recording = JSON.stringify({
      log: {
        entries: [
          answered('/workspaces/7/dimensions/', [dimension]),
          answered('/workspaces/7/measures/', [{ id: 13, names: [], description: '', sort: -1 }]),
          answered('/accounts/', [
            {
              uid: 'u-1',
              status: 1,
              username: 'cy',
              phone: '',
              email: '',
              nickname: '',
              desc: '',
              role: 0,
              tier: 0,
              type: 0,
            },
          ]),
        ],
      },
    });
    const { seed, recordedIds, notes } = seedFromRecording(recording);
    expect(seed.workspaces).toEqual([{ dimensions: [expect.objectContaining({ names: ['region'] })] }]);
    expect(seed.accounts).toEqual([expect.objectContaining({ username: 'cy' })]);
    expect(seed.accounts?.[0]).not.toHaveProperty('uid');
    expect(recordedIds).toMatchObject({ workspaces: [7], dimensions: [[12]], measures: [[]] });
    expect(notes).toEqual([
      'workspace 7: only named in paths, seeded with the defaults',
      'dimensions 12 (entry #0): models [{"id":4,"name":"Sales model"}] is not seeded (the create request has no models)',
      expect.stringMatching(/^measures 13 \(entry #1\): not seeded, its create request is refused: names: /),
      'accounts u-1 (entry #2): its uid is not a uuid4 the create request takes; the mock generates one',
    ]);
  });
});
