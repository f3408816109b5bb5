import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { type PackageName, packAll } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder of this vitest run (consumer/packs-global-setup.ts) where the tarballs are packed once. */
    wsadminPacksDir: string;
  }
}

/**
 * The packed tarballs of this vitest run, built once for every test file that installs them: the
 * first file to ask builds and packs (packAll writes each package's dist/, which two builds at once
 * would both write), the others wait for its result. Files run in separate processes, so the claim
 * is a directory only one of them can create.
 */
export async function sharedTarballs(): Promise<Record<PackageName, string>> {
  const dir = inject('wsadminPacksDir');
  const done = join(dir, 'tarballs.json');
  const failed = join(dir, 'failed.txt');
  let claimed = true;
  try {
    mkdirSync(join(dir, 'claim'));
  } catch {
    claimed = false;
  }
  if (claimed) {
    try {
      const tarballs = await packAll(join(dir, 'packs'));
      writeFileSync(done, JSON.stringify(tarballs));
      return tarballs;
    } catch (error) {
      writeFileSync(failed, String((error as Error).stack ?? error));
      throw error;
    }
  }
  for (const deadline = Date.now() + 900_000; Date.now() < deadline; await sleep(500)) {
    if (existsSync(done)) return JSON.parse(readFileSync(done, 'utf8')) as Record<PackageName, string>;
    if (existsSync(failed))
      throw new Error(`packing failed in another test file:\n${readFileSync(failed, 'utf8')}`);
  }
  throw new Error('the tarballs were not packed within 15 minutes');
}
