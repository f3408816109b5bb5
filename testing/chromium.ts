import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Where the browser tests' Chromium is when CHROMIUM_PATH does not say: Debian's package. */
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else a
 * browser Playwright has already installed (`npx playwright install chromium`). Nothing is ever
 * downloaded here; without any of them the tests fail saying what to install.
 */
export function chromiumPath(
  env: Record<string, string | undefined> = process.env,
  exists: (path: string) => boolean = existsSync,
): string {
  const chosen = env.CHROMIUM_PATH;
  if (chosen) {
    if (!exists(chosen)) throw new Error(`CHROMIUM_PATH=${chosen}: no such file`);
    return chosen;
  }
  const playwrights = chromium.executablePath();
  const found = [DEFAULT_CHROMIUM, playwrights].find(exists);
  if (!found)
    throw new Error(
      `no Chromium for the browser tests: install Debian's chromium package (${DEFAULT_CHROMIUM}), set CHROMIUM_PATH to a Chromium or Chrome, or run npx playwright install chromium (${playwrights})`,
    );
  return found;
}

/**
 * Chromium headless, with the flags this machine needs: without the background-networking ones
 * Chromium keeps dialling hosts the closed network refuses.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
