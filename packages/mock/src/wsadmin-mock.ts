import type { OperationId } from '@wsadmin/contract';
import type { MemoryStorage } from '@wsadmin/server-core';
import type { HttpHandler } from 'msw';
import type { MockClient } from './client';
import type { MockKey } from './mock-options';
import type { MockContractError, Override, OverrideOptions } from './overrides';

/** The mock's clock: every time rule (key expiry, plan tokens, retention, refresh tasks) reads it. */
export interface MockClock {
  now(): Date;
  /** Moves time forward and returns the new time. */
  advance(seconds: number): Date;
}

/** Database bytes from `snapshot()`. */
export interface MockSnapshot {
  readonly bytes: Uint8Array;
}

export interface WsadminMock {
  readonly baseUrl: string;
  /** `MOCK_KEY`. */
  readonly key: string;
  /** MSW handlers answering every operation under `baseUrl`; pass them to `setupServer` / `setupWorker`. */
  readonly handlers: HttpHandler[];
  readonly clock: MockClock;
  /** Calls the app directly (no MSW, no overrides): arrange and inspect state in tests. */
  readonly client: MockClient;
  /** Override answers that broke the contract since the last `reset()`. */
  readonly violations: readonly MockContractError[];
  /** The mock's answer to a request, without MSW (usable as the SDK's `fetch`). */
  fetch(request: Request): Promise<Response>;
  /** Waits until storage is open and seeded; rejects when the seed fails. */
  ready(): Promise<void>;
  /**
   * Back to the start: the database as it was right after the keys and the seed were applied (the
   * seed runs once per mock; its result is copied back), overrides and violations cleared, clock reset.
   */
  reset(): Promise<void>;
  /** The current data (not the clock, keys made since, or overrides). */
  snapshot(): Promise<MockSnapshot>;
  /** Puts back the data of a snapshot; overrides and the clock stay as they are. */
  restore(snapshot: MockSnapshot): Promise<void>;
  /** Answers an operation differently until `reset()`; returns a function that removes it. */
  override<K extends OperationId>(
    operationId: K,
    override: Override<K>,
    options?: OverrideOptions,
  ): () => void;
  clearOverrides(): void;
  /** Creates a key until the next reset and returns its secret (random unless given). */
  createKey(key?: Partial<MockKey>): Promise<string>;
  revokeKey(secret: string): Promise<void>;
  /** The storage behind the app, for what no operation can do (e.g. inserting a model directly). */
  storage(): Promise<MemoryStorage>;
  /** Closes the storage; a later request opens and seeds a fresh one. */
  close(): Promise<void>;
}
