import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

// Vitest browser mode on the Chromium CHROMIUM_PATH names (the repository's tests set it: Debian's,
// else the npm package @sparticuz/chromium's, testing/chromium.ts), else Debian's. Nothing is downloaded.
// Vitest serves MSW's worker script itself at /mockServiceWorker.js, where startMockWorker looks.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    include: ['**/*.browser.test.tsx'],
    browser: {
      enabled: true,
      headless: true,
      instances: [{ browser: 'chromium' }],
      provider: playwright({
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
        },
      }),
    },
  },
});
