import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { npmChromium } from './npm-chromium';

/** Debian's Chromium (the `chromium` package), used where it is installed. */
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** `WSADMIN_SYSTEM_PROGRAMS=ignore`: the tests use the npm registry's programs even where Debian's are installed. */
export const ignoresSystemPrograms = (env: Record<string, string | undefined>) =>
  env.WSADMIN_SYSTEM_PROGRAMS === 'ignore';

/**
 * The Chromium every browser test and tool drives: CHROMIUM_PATH if set, else Debian's
 * /usr/bin/chromium, else the headless Chromium of the npm package `@sparticuz/chromium`, which
 * `npm ci` installs (unpacked once on first use, testing/npm-chromium.ts). Nothing is downloaded.
 */
export function chromiumPath(
  env: Record<string, string | undefined> = process.env,
  exists: (path: string) => boolean = existsSync,
  fromNpm: () => string = npmChromium,
): string {
  const chosen = env.CHROMIUM_PATH;
  if (chosen) {
    if (!exists(chosen)) throw new Error(`CHROMIUM_PATH=${chosen}: no such file`);
    return chosen;
  }
  if (!ignoresSystemPrograms(env) && exists(DEFAULT_CHROMIUM)) return DEFAULT_CHROMIUM;
  return fromNpm();
}

/**
 * The flags this machine needs: headless, no sandbox (the tests run as root), no GPU, and without
 * the background-networking ones Chromium keeps dialling hosts the closed network refuses.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Chromium headless, from chromiumPath(), with CHROMIUM_ARGS. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}
