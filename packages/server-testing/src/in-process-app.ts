import type { AppOptions, Storage } from '@wsadmin/server-core';
import {
  AdjustableClock,
  createApp,
  createKey,
  openMemoryStorage,
  pbkdf2Passwords,
} from '@wsadmin/server-core';
import type { Hono } from 'hono';

/** The app called in-process over in-memory storage, on a test clock, with one unrestricted key. */
export interface InProcessApp {
  app: Hono;
  storage: Storage;
  clock: AdjustableClock;
  /** The secret of the key made at the start. */
  key: string;
  /** Every error the app answered with a 500 or 503: a test of bad input expects none. */
  internalErrors: unknown[];
  close(): Promise<void>;
}

export async function openInProcessApp(options: {
  keyName: string;
  onRequestDone?: AppOptions['onRequestDone'];
}): Promise<InProcessApp> {
  const clock = new AdjustableClock();
  const storage = await openMemoryStorage({ now: () => clock.now() });
  const internalErrors: unknown[] = [];
  const app = createApp({
    storage,
    clock,
    // Cheap hashing: these tests send many passwords, none of them real.
    passwords: pbkdf2Passwords(1000),
    onError: (error) => internalErrors.push(error),
    ...(options.onRequestDone ? { onRequestDone: options.onRequestDone } : {}),
  });
  const key = (await createKey(storage.db, clock.now(), { name: options.keyName })).secret;
  return { app, storage, clock, key, internalErrors, close: () => storage.close() };
}
