import { describe, expect, it } from 'vitest';
import type { StorageReads } from '../../storage/read-path';
import { readFresh } from './read-fresh';

/** A read path that logs what is done to it, in order. */
function loggedReads(
  log: string[],
  parts: { held?: boolean; fresh?: boolean },
): Pick<StorageReads, 'held' | 'fresh'> {
  return {
    ...(parts.held
      ? { held: { hold: () => void log.push('hold'), release: () => void log.push('release') } }
      : {}),
    ...(parts.fresh
      ? {
          fresh: async () => {
            log.push('fresh');
          },
        }
      : {}),
  };
}

describe('readFresh', () => {
  it('holds the version for the whole of the work, then releases it', async () => {
    const log: string[] = [];
    const answer = await readFresh(loggedReads(log, { held: true }), async () => {
      log.push('work');
      return 7;
    });
    expect(answer).toBe(7);
    expect(log).toEqual(['hold', 'work', 'release']);
  });

  it('releases what it held when the work fails', async () => {
    const log: string[] = [];
    const failing = readFresh(loggedReads(log, { held: true }), async () => {
      throw new Error('refused');
    });
    await expect(failing).rejects.toThrow('refused');
    expect(log).toEqual(['hold', 'release']);
  });

  it('waits for a fresh version read before the work', async () => {
    const log: string[] = [];
    await readFresh(loggedReads(log, { fresh: true }), async () => void log.push('work'));
    expect(log).toEqual(['fresh', 'work']);
  });

  it('just works where the storage has no read path', async () => {
    expect(await readFresh(undefined, async () => 'done')).toBe('done');
  });
});
