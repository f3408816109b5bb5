import type { Target } from '@wsadmin/conformance';
import { createApp } from '../src/app';
import { createKey, findKeyBySecret, revokeKey } from '../src/auth/keys';
import { pbkdf2Passwords } from '../src/auth/pbkdf2-passwords';
import { AdjustableClock } from '../src/clock';
import { openMemoryStorage } from '../src/storage/memory';
import type { Storage } from '../src/storage/storage';
import { seedModelInto } from './seed-model';

type Required<T, K extends keyof T> = T & { [P in K]-?: NonNullable<T[P]> };

/**
 * The Hono app called in-process (no socket), by default over in-memory storage, with every
 * capability (keys and clock straight in storage). Test code: not exported, not built; the
 * server's PostgreSQL and query-plan tests import it by relative path.
 */
export async function inProcessTarget(
  options: { name?: string; openStorage?: (now: () => Date) => Promise<Storage> } = {},
): Promise<Required<Target, 'createKey' | 'revokeKey' | 'advanceClock' | 'seedModel' | 'close'>> {
  const clock = new AdjustableClock();
  const now = () => clock.now();
  const storage = await (options.openStorage ?? ((now) => openMemoryStorage({ now })))(now);
  const app = createApp({
    storage,
    clock,
    passwords: pbkdf2Passwords(1000),
    onError: (e) => console.error(e),
  });
  const make = async (key: Parameters<NonNullable<Target['createKey']>>[0]) =>
    (await createKey(storage.db, clock.now(), key)).secret;
  return {
    name: options.name ?? 'in-process',
    baseUrl: 'http://wsadmin.test',
    fetch: async (request) => app.fetch(request),
    key: await make({ name: 'scenario' }),
    createKey: make,
    async revokeKey(secret) {
      const key = await findKeyBySecret(storage.db, secret);
      if (key) await revokeKey(storage.db, key.id, clock.now());
    },
    advanceClock: async (seconds) => clock.advance(seconds),
    seedModel: seedModelInto(storage.db, () => clock.now()),
    close: () => storage.close(),
  };
}
