import { createApp } from '../app';
import { createKey, findKeyBySecret, revokeKey } from '../auth/keys';
import { pbkdf2Passwords } from '../auth/pbkdf2-passwords';
import { AdjustableClock } from '../clock';
import { openMemoryStorage } from '../storage/memory';
import type { Storage } from '../storage/storage';
import { seedModelInto } from './seed-model';
import type { Target } from './target';

/** The Hono app called in-process (no socket), by default over in-memory storage. */
export async function inProcessTarget(
  options: { name?: string; openStorage?: (now: () => Date) => Promise<Storage> } = {},
): Promise<Target> {
  const clock = new AdjustableClock();
  const now = () => clock.now();
  const storage = await (options.openStorage ?? ((now) => openMemoryStorage({ now })))(now);
  const app = createApp({
    storage,
    clock,
    passwords: pbkdf2Passwords(1000),
    onError: (e) => console.error(e),
  });
  const make: Target['createKey'] = async (key) => (await createKey(storage.db, clock.now(), key)).secret;
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
