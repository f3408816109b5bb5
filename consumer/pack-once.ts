import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type PackageName, packAll } from './harness';

/**
 * The tarballs packed into `dir` once, whoever asks first: the first caller builds and packs
 * (packAll writes each package's dist/, which two builds at once would both write), the others wait
 * for its result. Callers run in separate processes (the run's background packer, test files), so
 * the claim is a directory only one of them can create.
 */
export async function packOnce(dir: string): Promise<Record<PackageName, string>> {
  const done = join(dir, 'tarballs.json');
  const failed = join(dir, 'failed.txt');
  let claimed = true;
  const claim = join(dir, 'claim');
  try {
    mkdirSync(claim);
    writeFileSync(join(claim, 'pid'), String(process.pid));
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
      throw new Error(`packing failed in another process:\n${readFileSync(failed, 'utf8')}`);
    // Checked again after the liveness test: the claimer may have finished between the two.
    if (!claimerAlive(claim) && !existsSync(done) && !existsSync(failed))
      throw new Error(`the process packing into ${dir} ended without a result`);
  }
  throw new Error('the tarballs were not packed within 15 minutes');
}

/** Whether the process that claimed the packing still runs (a claim without its pid yet counts as alive). */
function claimerAlive(claim: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(claim, 'pid'), 'utf8'));
  } catch {
    return true;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
