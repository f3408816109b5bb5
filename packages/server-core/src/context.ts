import type { Kysely } from 'kysely';
import type { AccessKey } from './auth/keys';
import type { PasswordHasher } from './auth/passwords';
import type { Clock } from './clock';
import type { Schema } from './storage/schema';
import type { Storage } from './storage/storage';

/** What the app holds for every request. */
export interface ServerContext {
  /**
   * The storage a request works on, asked once when it starts: one storage for a server's life, or
   * whichever the host holds now (the mock reopens its database on reset and keeps its app).
   */
  storageNow: () => Storage;
  clock: Clock;
  passwords: PasswordHasher;
  settings: ServerSettings;
}

export interface ServerSettings {
  /** Source refreshes requested within this window merge into one task. */
  refreshDebounceMs: number;
  /** Runs due refresh tasks when a read catches up with the clock (default: an unnamed runner). */
  taskRunner?: TaskRunner;
}

/**
 * Who runs due source-refresh tasks: its id is stored in `claimed_by`; `onRun` hears of every task
 * it ran. Declared here, not beside the runner, so the context depends on no feature folder.
 */
export interface TaskRunner {
  id: string;
  onRun?: (run: { uid: string; workspaceId: number; operations: number }) => void;
}

/** What every handler may use besides its parsed request. */
export interface HandlerContext extends Omit<ServerContext, 'storageNow'> {
  /** The port: kept reads, write transactions (`storage.writeTransaction`), the dialect. */
  storage: Storage;
  /** `storage.db`, for plain queries. */
  db: Kysely<Schema>;
  /** The authenticated key of this request. */
  key: AccessKey;
  /**
   * Aborts when the client closes the request (hangs up, or its body times out). Slow work (password
   * hashing, loops over batch items) checks it and stops: nobody would read the answer.
   */
  signal: AbortSignal;
}
