import childProcess, { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { earlierTiers, type Tier, tiers } from './tiers';

/** Whether `file` matches a pattern (the globs of testing/tiers.ts, `**` and `*` only). */
const matches = (file: string, pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*\*\//g, '\0')
      .replace(/\*/g, '[^/]*')
      .replace(/\0/g, '(?:.*/)?')}$`,
  ).test(file);

const tierOf = (file: string): Tier =>
  (Object.keys(tiers) as (keyof typeof tiers)[]).find((tier) =>
    tiers[tier].some((pattern) => matches(file, pattern)),
  ) ?? 'unit';

describe('the test tiers', () => {
  it.each([
    ['a browser test', { given: 'packages/server/test/cors.browser.test.ts', want: 'browser' }],
    ['the consumer test', { given: 'consumer/packages.test.ts', want: 'consumer' }],
    [
      'the scenarios on PostgreSQL',
      { given: 'packages/server/test/scenarios.postgres.test.ts', want: 'scenarios' },
    ],
    ['a server process test', { given: 'packages/server/test/restart.test.ts', want: 'system' }],
    [
      'a test of the server harness',
      { given: 'packages/server-testing/bench/read-path.test.ts', want: 'system' },
    ],
    ['the SDK against the server', { given: 'integration/sdk/accounts.test.ts', want: 'system' }],
    ['an SDK unit test', { given: 'packages/sdk/src/transport.test.ts', want: 'unit' }],
    ['a core unit test', { given: 'packages/server-core/src/http/utf8.test.ts', want: 'unit' }],
  ] as const)('puts %s in its tier', (_name, { given, want }) => {
    expect(tierOf(given)).toBe(want);
  });

  it('keeps a tier from running the files of the tiers before it', () => {
    expect(earlierTiers('browser')).toEqual([]);
    expect(earlierTiers('unit')).toEqual(Object.values(tiers).flat());
    expect(earlierTiers('system')).toEqual([...tiers.browser, ...tiers.consumer, ...tiers.scenarios]);
  });

  it('has a file of every tier in the repository', () => {
    const files = ['contract', 'packages', 'integration', 'examples', 'consumer', 'testing'].flatMap((root) =>
      readdirSync(root, { recursive: true, encoding: 'utf8' })
        .filter((path) => path.endsWith('.test.ts') && !/(^|\/)(node_modules|dist)\//.test(path))
        .map((path) => `${root}/${path}`),
    );
    const found = new Set(files.map(tierOf));
    expect([...found].sort()).toEqual(['browser', 'consumer', 'scenarios', 'system', 'unit']);
  });
});

describe('the unit tier', () => {
  // This file is in the unit tier, whose setup file refuses processes and sockets.
  it.each([
    ['a process', () => childProcess.spawn('true')],
    ['a process through a named import', () => execFile('true')],
    ['a connection', () => net.connect(80, '127.0.0.1')],
    ['a listening port', () => net.createServer().listen(0)],
  ])('refuses %s, naming the tier to move to', (_name, attempt) => {
    expect(attempt).toThrow(/^unit tier: .* list this file in the system tier \(testing\/tiers\.ts\)$/);
  });
});
