import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { build, type PreviewServer, preview } from 'vite';

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
