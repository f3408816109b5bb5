import type { Browser } from 'playwright-core';

/** What Chromium made of a server's `/docs` page with every other host cut off. */
export interface DocsPageVisit {
  /** The document title of the rendered reference (Scalar renders it as the first heading). */
  heading: string;
  /** Whether the sidebar lists an operation of the contract by its summary. */
  listsOperation: boolean;
  /** Requests to any other origin: refused, and listed here (an offline page makes none). */
  elsewhere: string[];
  pageErrors: string[];
}

/**
 * Opens `${serverUrl}/docs` as a visitor without a network would: only the server's own origin
 * answers. Resolves once the reference has rendered the contract's document.
 */
export async function visitDocsOffline(browser: Browser, serverUrl: string): Promise<DocsPageVisit> {
  const origin = new URL(serverUrl).origin;
  const context = await browser.newContext();
  const elsewhere: string[] = [];
  const pageErrors: string[] = [];
  try {
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(`${origin}/`) || url.startsWith('data:') || url.startsWith('blob:')) {
        return route.continue();
      }
      elsewhere.push(url);
      return route.abort('internetdisconnected');
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${origin}/docs`);
    const heading = page.getByRole('heading', { level: 1 }).first();
    await heading.waitFor({ timeout: 30_000 });
    const operation = page.getByText('Get the scope of the calling access key').first();
    await operation.waitFor({ state: 'attached', timeout: 30_000 });
    return {
      heading: (await heading.textContent())?.trim() ?? '',
      listsOperation: (await operation.count()) > 0,
      elsewhere,
      pageErrors,
    };
  } finally {
    await context.close();
  }
}
