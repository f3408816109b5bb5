import { describe, expect, it } from 'vitest';
import { serverUsage } from '../runtimes/command';
import { readServerSettings, refusalOf } from './server-settings';
import { SETTINGS } from './setting-list';
import { isFieldSetting, isNodeOnly, SERVER_RUNTIMES, type Setting } from './setting-row';

const ROWS: readonly Setting[] = SETTINGS;

/** A value no runtime has anyway (not a row's `passes`), for the refusals. */
const SET = 'x-set';

describe('the settings table', () => {
  it('names each variable once, and says what every runtime outside its runtimes does with it', () => {
    const names = ROWS.map((row) => row.name);
    expect(new Set(names).size).toBe(names.length);
    for (const row of ROWS) {
      expect(row.runtimes.length, row.name).toBeGreaterThan(0);
      if (row.runtimes.length < SERVER_RUNTIMES.length) expect(row.elsewhere, row.name).toBeDefined();
    }
  });

  it('gives --help every setting with its default and meaning, marking the Node-only ones', () => {
    const usage = serverUsage('wsadmin-server');
    for (const row of ROWS) {
      const line = `  ${row.name} (default: ${row.default})\n      ${isNodeOnly(row) ? 'Node only: ' : ''}${row.meaning}\n`;
      expect(usage, row.name).toContain(line);
    }
    expect(usage.match(/Node only: /g)?.length).toBe(ROWS.filter(isNodeOnly).length);
  });

  it('shows as the default of each read row what the unset variable reads as (on Node)', () => {
    const context = { runtime: 'Node', cpus: () => 4 } as const;
    const plain = ROWS.filter(isFieldSetting).filter(
      (row) => /^[\w./:-]+$/.test(row.default) && row.default !== 'unset',
    );
    expect(plain.map((row) => row.name)).toContain('DATABASE_URL');
    for (const row of plain)
      expect(row.schema(context).parse(row.default), row.name).toEqual(row.schema(context).parse(undefined));
  });

  it('gives ServerSettings one field per read row, and tracing', () => {
    const fields = ROWS.filter(isFieldSetting).map((row) => row.field);
    expect(Object.keys(readServerSettings({}, 'Node')).sort()).toEqual([...fields, 'tracing'].sort());
  });

  it.each(SERVER_RUNTIMES)('makes %s refuse exactly the rows that say so, naming the setting', (runtime) => {
    const refusing = ROWS.filter(
      (row) => !row.runtimes.includes(runtime) && row.elsewhere && 'refused' in row.elsewhere,
    );
    for (const row of ROWS) {
      const message = refusalOf({ [row.name]: SET }, runtime);
      if (!refusing.includes(row)) {
        expect(message, row.name).toBeUndefined();
        continue;
      }
      expect(message, row.name).toMatch(new RegExp(`^${row.name} is not supported on ${runtime}: \\S`));
      // The reader refuses with the same words, before reading any value.
      expect(() => readServerSettings({ [row.name]: SET }, runtime)).toThrow(message);
      const passes = row.elsewhere && 'passes' in row.elsewhere ? row.elsewhere.passes : undefined;
      if (passes) expect(refusalOf({ [row.name]: ` ${passes} ` }, runtime), row.name).toBeUndefined();
    }
    expect(refusing.length > 0).toBe(runtime !== 'Node');
  });

  it.each(SERVER_RUNTIMES)('makes %s ignore the rows it ignores, whatever their value', (runtime) => {
    const ignored = ROWS.filter(
      (row) => !row.runtimes.includes(runtime) && row.elsewhere && 'ignored' in row.elsewhere,
    );
    const env = Object.fromEntries(ignored.map((row) => [row.name, 'not a value']));
    expect(readServerSettings(env, runtime)).toEqual(readServerSettings({}, runtime));
  });
});
