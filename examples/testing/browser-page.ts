import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type PreviewServer, preview } from 'vite';

export { launchChromium } from '../../testing/chromium';

/** A Vite example built into a temporary directory and served by `vite preview` on 127.0.0.1. */
export interface PreviewedExample {
  url: string;
  close(): Promise<void>;
}

export async function buildAndPreview(configFile: string, prefix: string): Promise<PreviewedExample> {
  const outDir = mkdtempSync(join(tmpdir(), prefix));
  let server: PreviewServer | undefined;
  try {
    await build({ configFile, logLevel: 'error', build: { outDir, emptyOutDir: true } });
    server = await preview({
      configFile,
      logLevel: 'error',
      build: { outDir },
      preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false },
    });
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
  const { port } = server.httpServer.address() as AddressInfo;
  const running = server;
  return {
    url: `http://127.0.0.1:${port}/`,
    async close() {
      await running.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/** A built folder (a static Storybook, a Vite build) served as a static host would, by `vite preview`. */
export async function previewFolder(outDir: string): Promise<PreviewedExample> {
  const server = await preview({
    configFile: false,
    root: outDir,
    logLevel: 'error',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0 },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) {
    await server.close();
    throw new Error(`vite preview of ${outDir} is not listening`);
  }
  return { url, close: () => server.close() };
}
