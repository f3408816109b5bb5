import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
import { npmChromium } from './npm-chromium';

const OWN = '/opt/chrome/chrome';
const NPM = '/repo/node_modules/.cache/wsadmin-chromium-153.0.0/chromium-launcher';
const DEBIAN = '/usr/bin/chromium';

describe('the Chromium of the browser tests', () => {
  it.each([
    ['CHROMIUM_PATH first', { env: { CHROMIUM_PATH: OWN }, installed: [OWN, DEBIAN], want: OWN }],
    [
      "then the npm registry's, even where Debian's is installed",
      { env: {}, installed: [DEBIAN], want: NPM },
    ],
    ["the npm registry's on a machine with none", { env: {}, installed: [], want: NPM }],
    [
      "Debian's when CHROMIUM_PATH names it",
      { env: { CHROMIUM_PATH: DEBIAN }, installed: [DEBIAN], want: DEBIAN },
    ],
    [
      'an empty CHROMIUM_PATH counts as unset',
      { env: { CHROMIUM_PATH: '' }, installed: [DEBIAN], want: NPM },
    ],
  ])('%s', (_name, { env, installed, want }) => {
    expect(
      chromiumPath(
        env,
        (path) => installed.includes(path),
        () => NPM,
      ),
    ).toBe(want);
  });

  it('refuses a CHROMIUM_PATH that names nothing, rather than falling back', () => {
    expect(() =>
      chromiumPath(
        { CHROMIUM_PATH: '/nowhere/chromium' },
        () => false,
        () => NPM,
      ),
    ).toThrow('CHROMIUM_PATH=/nowhere/chromium: no such file');
  });
});

describe("the npm registry's Chromium (@sparticuz/chromium)", { timeout: 180_000 }, () => {
  it('renders a page with its own NSS libraries, not the machine’s', async () => {
    const launcher = npmChromium();
    // Unpacked once: a second call finds the same launcher without unpacking again.
    expect(npmChromium()).toBe(launcher);
    const server = await chromium.launchServer({ executablePath: launcher, args: CHROMIUM_ARGS });
    try {
      // The launcher execs Chromium: the process Playwright started is the browser itself.
      const maps = readFileSync(`/proc/${server.process().pid}/maps`, 'utf8');
      const nss = [...new Set(maps.split('\n').flatMap((line) => line.match(/\/\S*libnss3\.so\S*/) ?? []))];
      expect(nss).toEqual([`${dirname(launcher)}/al2023/lib/libnss3.so`]);
      const browser = await chromium.connect(server.wsEndpoint());
      const page = await browser.newPage();
      await page.setContent('<h1>Workspaces</h1><p id="sum"></p><script>sum.textContent = 2 + 3</script>');
      expect(await page.textContent('h1')).toBe('Workspaces');
      expect(await page.textContent('#sum')).toBe('5');
      expect(browser.version()).toMatch(/^\d+\./);
      await browser.close();
    } finally {
      await server.close();
    }
  });
});
