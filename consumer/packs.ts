import { inject } from 'vitest';
import type { PackageName } from './harness';
import { packOnce } from './pack-once';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder of this vitest run (consumer/packs-global-setup.ts) where the tarballs are packed once. */
    wsadminPacksDir: string;
  }
}

/**
 * The packed tarballs of this vitest run, built once for every test file that installs them: the
 * run's background packer (consumer/packs-global-setup.ts) has usually claimed the packing before the
 * first file asks, and the file waits for its result (consumer/pack-once.ts).
 */
export function sharedTarballs(): Promise<Record<PackageName, string>> {
  return packOnce(inject('wsadminPacksDir'));
}
