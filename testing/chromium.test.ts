import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPath, DEFAULT_CHROMIUM } from './chromium';

const PLAYWRIGHTS = chromium.executablePath();
const OWN = '/opt/chrome/chrome';

describe('the Chromium of the browser tests', () => {
  it.each([
    ['CHROMIUM_PATH first', { env: { CHROMIUM_PATH: OWN }, installed: [OWN, DEFAULT_CHROMIUM], want: OWN }],
    ["then Debian's", { env: {}, installed: [DEFAULT_CHROMIUM, PLAYWRIGHTS], want: DEFAULT_CHROMIUM }],
    ["then Playwright's", { env: {}, installed: [PLAYWRIGHTS], want: PLAYWRIGHTS }],
    [
      'an empty CHROMIUM_PATH counts as unset',
      { env: { CHROMIUM_PATH: '' }, installed: [DEFAULT_CHROMIUM], want: DEFAULT_CHROMIUM },
    ],
  ])('%s', (_name, { env, installed, want }) => {
    expect(chromiumPath(env, (path) => installed.includes(path))).toBe(want);
  });

  it.each([
    [
      'a CHROMIUM_PATH that names nothing, rather than falling back',
      { env: { CHROMIUM_PATH: '/nowhere/chromium' }, want: 'CHROMIUM_PATH=/nowhere/chromium: no such file' },
    ],
    [
      'no Chromium at all, saying what to install',
      { env: {}, want: `install Debian's chromium package (${DEFAULT_CHROMIUM})` },
    ],
  ])('refuses %s', (_name, { env, want }) => {
    expect(() => chromiumPath(env, () => false)).toThrow(want);
  });
});
