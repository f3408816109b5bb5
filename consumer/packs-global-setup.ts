import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

/**
 * One folder per vitest run for the tarballs the consumer tests share (consumer/packs.ts), and a
 * process that starts packing into it at once (consumer/pack-in-background.ts): vitest runs every
 * project's global setup before the first test file, so the packing overlaps the browser tier.
 */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'wsadmin-packs-'));
  project.provide('wsadminPacksDir', dir);
  const packer: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('pack-in-background.ts', import.meta.url)), dir],
    // A process group of its own, so that a run ending early stops its builds too; the IPC channel
    // tells it when vitest is gone without its teardown (killed), and it stops then.
    { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], detached: true },
  );
  return () => {
    if (packer.exitCode === null && packer.signalCode === null && packer.pid !== undefined) {
      try {
        process.kill(-packer.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
