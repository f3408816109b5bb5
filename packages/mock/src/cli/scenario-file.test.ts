import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkScenario, loadScenarioFile, ScenarioFileError } from './scenario-file';

const ADA = '0b6f4c8e-3d2a-4f1b-9c7e-5a8d2e1f4b3c';
const dir = mkdtempSync(join(tmpdir(), 'wsadmin-mock-scenario-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

/** The lines of the error `check` throws, or a failure when it throws none. */
function problemsOf(value: unknown): string[] {
  try {
    checkScenario('scenario.json', value);
  } catch (error) {
    if (error instanceof ScenarioFileError) return error.message.split('\n');
    throw error;
  }
  throw new Error('the scenario was accepted');
}

describe('a scenario file', () => {
  it('reads JSON with a seed, keys, overrides and a start time', async () => {
    const scenario = {
      seed: {
        accounts: [{ uid: ADA, username: 'ada', email: 'ada@example.com', password: 'correct horse' }],
        workspaces: [
          {
            name: 'Sales',
            dimensions: [{ type: 'string', format: 'text', names: ['region'] }],
            memberGroups: [{ name: 'Ops' }],
            members: [{ uid: ADA, role: 2 }],
          },
        ],
      },
      keys: [{ secret: 'wsk_read_only', permissions: ['workspace'], workspaceIds: [1] }],
      overrides: { listWorkspaces: { override: { errcode: 503, errmsg: 'maintenance' }, times: 1 } },
      startAt: '2030-01-01T00:00:00Z',
    };
    expect(await loadScenarioFile(file('full.json', JSON.stringify(scenario)))).toEqual(scenario);
  });

  it('reads a module whose default export is a scenario, with a seed function and a Date', async () => {
    const path = file(
      'scenario.mjs',
      `export default { seed: async (client) => { await client.call('createWorkspace', { body: { name: 'Coded' } }); }, startAt: new Date('2031-02-03T04:05:06Z') };`,
    );
    const scenario = await loadScenarioFile(path);
    expect(typeof scenario.seed).toBe('function');
    expect(scenario.startAt).toBe('2031-02-03T04:05:06.000Z');
  });

  it.each<[string, unknown, string[]]>([
    [
      'a misspelt field of a seeded workspace',
      { seed: { workspaces: [{ nmae: 'Sales' }] } },
      ['scenario.json: seed.workspaces[0].nmae: Unrecognized key'],
    ],
    [
      'a wrong type deep in a seed, by the contract',
      { seed: { workspaces: [{ name: 'S', dimensions: [{ type: 'string', format: 'text', names: [7] }] }] } },
      [
        'scenario.json: seed.workspaces[0].dimensions[0].names[0]: Invalid input: expected string, received number',
      ],
    ],
    [
      'an operation the contract does not have',
      { overrides: { listWorkspace: { errcode: 503, errmsg: 'x' } } },
      ["scenario.json: overrides: unknown operationId 'listWorkspace'; did you mean 'listWorkspaces'?"],
    ],
    [
      'an override the mock refuses',
      { overrides: { getWorkspace: { errcode: 200, errmsg: 'ok' } } },
      [expect.stringMatching(/^scenario\.json: overrides\.getWorkspace: error envelope errcode: /) as never],
    ],
    [
      'a key with an unknown permission and a start time that is not one',
      { keys: [{ secret: 'k', permissions: ['root'] }], startAt: 'soon' },
      [
        expect.stringMatching(/^scenario\.json: keys\[0\]\.permissions\[0\]: Invalid option/) as never,
        'scenario.json: startAt: Expected an ISO 8601 time',
      ],
    ],
    ['a list', [], ['scenario.json: a scenario is an object: {"seed": …, "overrides": …}']],
    [
      'a seed function in JSON terms (a string)',
      { seed: 'function' },
      [expect.stringMatching(/^scenario\.json: seed: /) as never],
    ],
  ])('refuses %s, naming the file and the field', (_name, value, want) => {
    expect(problemsOf(value)).toEqual(want);
  });

  it.each<[string, string, string, RegExp]>([
    ['a file that is not there', 'missing.json', '', /missing\.json: no such file$/],
    ['a JSON file that is not JSON', 'broken.json', '{"seed": ', /broken\.json: not JSON: /],
    [
      'a module without a default export',
      'named.mjs',
      'export const demo = {};',
      /named\.mjs: has no default export/,
    ],
    [
      'another kind of file',
      'scenario.yaml',
      'seed: {}',
      /scenario\.yaml: a scenario file is \.json, or a \.js/,
    ],
  ])('refuses %s', async (_name, name, text, message) => {
    const path = text === '' ? join(dir, name) : file(name, text);
    await expect(loadScenarioFile(path)).rejects.toThrow(message);
  });
});
