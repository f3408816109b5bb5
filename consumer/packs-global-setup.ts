import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/** One folder per vitest run for the tarballs the consumer tests share (consumer/packs.ts); nothing is packed here. */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'wsadmin-packs-'));
  project.provide('wsadminPacksDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
