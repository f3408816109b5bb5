import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SETTINGS } from '@wsadmin/server-core/server-kit';
import { REPO_ROOT } from '@wsadmin/server-testing/processes';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config';

describe('the settings table (--help)', () => {
  it.each([
    ['HOST', { given: 'host', want: '127.0.0.1' }],
    ['PORT', { given: 'port', want: 8787 }],
    ['DATABASE_URL', { given: 'databaseUrl', want: 'sqlite:./data/wsadmin.db' }],
    ['LOG_LEVEL', { given: 'logLevel', want: 'info' }],
    ['LOG_FORMAT', { given: 'logFormat', want: 'json' }],
    ['WSADMIN_WORKERS', { given: 'workers', want: 1 }],
  ] as const)('show the default readConfig applies for %s', (name, { given, want }) => {
    expect(SETTINGS.find((setting) => setting.name === name)?.default).toBe(String(want));
    expect(readConfig({})[given]).toBe(want);
  });

  it("each have a row, with their default, in the Settings table of the server's README", () => {
    const readme = readFileSync(join(REPO_ROOT, 'packages/server/README.md'), 'utf8');
    const section = readme.slice(
      readme.indexOf('\n## Settings\n'),
      readme.indexOf('\n## ', readme.indexOf('\n## Settings\n') + 1),
    );
    const rows = new Map(
      [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \| ([^|]*) \|/gm)].map((row) => [row[1], row[2] ?? '']),
    );
    expect([...rows.keys()].sort()).toEqual(SETTINGS.map((setting) => setting.name).sort());
    for (const setting of SETTINGS) {
      if (/^[\w./:-]+$/.test(setting.default))
        expect(rows.get(setting.name), setting.name).toContain(setting.default);
    }
  });
});
