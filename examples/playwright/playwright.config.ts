import { defineConfig } from '@playwright/test';
import { MOCK_KEY, type MockFixtures } from '@wsadmin/mock/playwright';

const port = Number(process.env.PORT ?? 4173);
/** The API the app is built against: another origin than the page, as in production. */
const API = 'https://api.wsadmin.test';

export default defineConfig<MockFixtures>({
  testDir: 'tests',
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? 'list' : 'line',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // The mock answers the API's URL from the test process.
    mockOptions: { baseUrl: API },
    browserName: 'chromium',
    // CHROMIUM_PATH names the Chromium (the repository's tests set it: Debian's, else the npm
    // package @sparticuz/chromium's, testing/chromium.ts); else Debian's. Nothing is downloaded.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--no-first-run',
      ],
    },
  },
  // The production build of the app, served as `vite preview` serves it.
  webServer: {
    command: `npx vite build --logLevel error && npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}/`,
    env: { VITE_WSADMIN_URL: API, VITE_WSADMIN_KEY: MOCK_KEY },
    reuseExistingServer: !process.env.CI,
  },
});
