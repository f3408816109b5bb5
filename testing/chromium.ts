import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { npmChromium } from './npm-chromium';

/**
 * The Chromium every browser test and tool drives: CHROMIUM_PATH if set, else the headless Chromium
 * of the npm package `@sparticuz/chromium`, which `npm ci` installs on every machine (unpacked once
 * on first use, testing/npm-chromium.ts). Nothing is downloaded. Debian's Chromium, where installed,
 * is used only when CHROMIUM_PATH names it: on the browser tests it took 1.5 times the CPU and 1.8
 * times the wall time of the npm package's headless build, and one Chromium for every machine makes
 * a run here the run of a fresh machine.
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
