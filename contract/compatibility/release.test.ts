import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import getReleasePlan from '@changesets/get-release-plan';
import { afterAll, describe, expect, it } from 'vitest';
import { type ContractChange, contractChanges, type OpenApiDocument } from './changes';
import { type Bump, breakingBump, releaseProblems, type SdkRelease, sdkRelease } from './release';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const readJson = <T>(path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as T;

const removedField: ContractChange = {
  breaking: true,
  operation: 'getScope (GET /openapi/v1/scopes/)',
  field: 'response 200 data.id',
  description: 'removed property `id` from `data` in Response 200 content (application/json)',
};
const addedField: ContractChange = { ...removedField, breaking: false, field: 'response 200 data.color' };

type Given = { changes: ContractChange[]; released: string; sdk: SdkRelease };
const sdk = (version: string, announced: Bump = 'none'): SdkRelease => ({ version, announced });

describe('releaseProblems: a breaking change needs a major bump of the SDK (minor before 1.0)', () => {
  it.each<[string, { given: Given; want: number }]>([
    ['no change, no bump', { given: { changes: [], released: '0.1.0', sdk: sdk('0.1.0') }, want: 0 }],
    [
      'a compatible change, no changeset',
      { given: { changes: [addedField], released: '0.1.0', sdk: sdk('0.1.0') }, want: 0 },
    ],
    [
      'a breaking change, no changeset',
      { given: { changes: [removedField], released: '0.1.0', sdk: sdk('0.1.0') }, want: 1 },
    ],
    [
      'a breaking change in 0.x, a patch changeset',
      { given: { changes: [removedField], released: '0.1.0', sdk: sdk('0.1.0', 'patch') }, want: 1 },
    ],
    [
      'a breaking change in 0.x, a minor changeset',
      { given: { changes: [removedField], released: '0.1.0', sdk: sdk('0.1.0', 'minor') }, want: 0 },
    ],
    [
      'a breaking change in 0.x, a major changeset',
      { given: { changes: [removedField], released: '0.4.2', sdk: sdk('0.4.2', 'major') }, want: 0 },
    ],
    [
      'a breaking change in 1.x, a minor changeset',
      { given: { changes: [removedField], released: '1.2.3', sdk: sdk('1.2.3', 'minor') }, want: 1 },
    ],
    [
      'a breaking change in 1.x, a major changeset',
      { given: { changes: [removedField], released: '1.2.3', sdk: sdk('1.2.3', 'major') }, want: 0 },
    ],
    [
      'after `changeset version`: the version already moved by a minor in 0.x',
      { given: { changes: [removedField], released: '0.1.0', sdk: sdk('0.2.0') }, want: 0 },
    ],
    [
      'after `changeset version`: the version moved by a patch only',
      { given: { changes: [removedField], released: '0.1.0', sdk: sdk('0.1.1') }, want: 1 },
    ],
    [
      'after `changeset version`: a minor in 1.x is not enough',
      { given: { changes: [removedField], released: '1.2.3', sdk: sdk('1.3.0') }, want: 1 },
    ],
    [
      'each breaking change is named, the compatible ones are not',
      {
        given: { changes: [removedField, addedField, removedField], released: '1.0.0', sdk: sdk('1.0.0') },
        want: 2,
      },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(releaseProblems(given)).toHaveLength(want);
  });

  it('names the operation and the field, and says which bump to add', () => {
    expect(releaseProblems({ changes: [removedField], released: '0.1.0', sdk: sdk('0.1.0') })).toEqual([
      'getScope (GET /openapi/v1/scopes/), response 200 data.id: removed property `id` from `data` in Response 200 content (application/json). ' +
        'This breaks users of @wsadmin/sdk 0.1.0: add a changeset with a minor bump of @wsadmin/sdk (npx changeset) saying what changed.',
    ]);
    expect(breakingBump('2.0.0')).toBe('major');
  });
});

describe('the pending changesets of a copy of this repository', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'wsadmin-changesets-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const folders = [
    'contract',
    'packages/server-core',
    'packages/sdk',
    'packages/conformance',
    'packages/mock',
    'packages/server',
  ];

  /** This repository's manifests and Changesets config, with `changesets` pending. */
  function workspace(name: string, changesets: string[]): string {
    const root = join(scratch, name);
    for (const folder of folders) {
      mkdirSync(join(root, folder), { recursive: true });
      cpSync(join(ROOT, folder, 'package.json'), join(root, folder, 'package.json'));
    }
    cpSync(join(ROOT, 'package.json'), join(root, 'package.json'));
    mkdirSync(join(root, '.changeset'));
    cpSync(join(ROOT, '.changeset', 'config.json'), join(root, '.changeset', 'config.json'));
    for (const [index, text] of changesets.entries()) {
      writeFileSync(join(root, '.changeset', `change-${index}.md`), text);
    }
    return root;
  }
  const changeset = (name: string, bump: Bump) => `---\n"${name}": ${bump}\n---\n\nA change.\n`;
  const version = readJson<{ version: string }>('packages/sdk/package.json').version;

  it.each<[string, { given: string[]; want: SdkRelease }]>([
    ['none pending', { given: [], want: { version, announced: 'none' } }],
    [
      'a patch of the SDK',
      { given: [changeset('@wsadmin/sdk', 'patch')], want: { version, announced: 'patch' } },
    ],
    [
      "another package's minor bump moves the SDK, but announces nothing for it",
      { given: [changeset('@wsadmin/server', 'minor')], want: { version, announced: 'none' } },
    ],
    [
      'the largest bump of the SDK wins',
      {
        given: [
          changeset('@wsadmin/sdk', 'minor'),
          changeset('@wsadmin/sdk', 'patch'),
          changeset('@wsadmin/contract', 'major'),
        ],
        want: { version, announced: 'minor' },
      },
    ],
  ])('%s', async (name, { given, want }) => {
    expect(await sdkRelease(workspace(name.replace(/\W+/g, '-'), given))).toEqual(want);
  });

  // A peer dependency between them must not turn a minor bump into a major one of all six.
  it('a minor bump of one package releases all six with the same minor version', async () => {
    const plan = await getReleasePlan(workspace('fixed', [changeset('@wsadmin/server', 'minor')]));
    const [major, minor] = version.split('.').map(Number) as [number, number];
    const released = Object.fromEntries(plan.releases.map((release) => [release.name, release.newVersion]));
    expect(released).toEqual(
      Object.fromEntries(
        [
          '@wsadmin/contract',
          '@wsadmin/server-core',
          '@wsadmin/sdk',
          '@wsadmin/conformance',
          '@wsadmin/mock',
          '@wsadmin/server',
        ].map((name) => [name, `${major}.${minor + 1}.0`]),
      ),
    );
  });
});

describe('the generated OpenAPI document against the last released one', () => {
  it('breaks nothing that the pending changesets do not announce with their version', async ({
    annotate,
  }) => {
    const released = readJson<OpenApiDocument>('contract/released/openapi.json');
    const current = readJson<OpenApiDocument>('contract/openapi.json');
    const { version } = readJson<{ version: string }>('contract/released/version.json');
    const changes = contractChanges(released, current);
    const sdk = await sdkRelease(ROOT);
    const breaking = changes.filter((change) => change.breaking).length;
    // In the JSON report beside the test (a passing test prints nothing).
    await annotate(
      `contract since ${version}: ${changes.length} changes, ${breaking} breaking; @wsadmin/sdk ${sdk.version}, pending changesets bump it: ${sdk.announced}`,
    );
    const problems = releaseProblems({ changes, released: version, sdk });
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
