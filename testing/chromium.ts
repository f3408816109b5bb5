import { type Browser, chromium } from 'playwright-core';

/**
 * Debian's Chromium (never a downloaded browser), headless, with the flags this machine needs:
 * without the background-networking ones Chromium keeps dialling hosts the closed network refuses.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
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
