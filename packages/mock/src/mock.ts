import type { FeaturePermission, OperationId } from '@wsadmin/contract';
import {
  AdjustableClock,
  createApp,
  createKey,
  findKeyBySecret,
  type MemoryStorage,
  openMemoryStorage,
  pbkdf2Passwords,
  revokeKey,
} from '@wsadmin/server-core';
import type { HttpHandler } from 'msw';
// `msw/core/http` alone, not `msw`: the main entry also loads the GraphQL, WebSocket and SSE APIs
// (and `graphql`), about as many module files as `msw/node` itself (packages/mock/README.md).
import { http } from 'msw/core/http';
import { dataOf, type MockClient, MockRequestError, mockClient } from './client';
import { type MatchedOperation, matchOperation } from './match';
import {
  type ActiveOverride,
  checkOverride,
  errorResponse,
  isEnvelope,
  MockContractError,
  type Override,
  type OverrideContext,
  type OverrideOptions,
  successResponse,
} from './overrides';
import { applySeed, type MockSeed, type SeedFunction } from './seed';

/** Secret of the key every mock has: every feature permission, every workspace, no expiry. */
export const MOCK_KEY = 'wsk_mock_unrestricted';

/**
 * Default base URL. The `.mock` name never resolves, so a request the mock does not answer fails
 * at once instead of reaching a real server. Pass the same value as the SDK's `baseUrl`.
 */
export const MOCK_BASE_URL = 'https://wsadmin.mock';

/** A key the mock creates on every start and reset (a restricted one, typically). */
export interface MockKey {
  secret: string;
  name?: string;
  description?: string;
  /** Empty or absent: every feature permission. */
  permissions?: FeaturePermission[];
  /** null or absent: every workspace. */
  workspaceIds?: number[] | null;
  /** ISO 8601; compared with the mock's clock. */
  expiresAt?: string | null;
}

export interface MockOptions {
  /** Where the mocked service lives; requests to `<baseUrl>/openapi/v1/...` are answered. Default `MOCK_BASE_URL`. */
  baseUrl?: string;
  /** Data to start with, and to return to on `reset()`: contract create requests, or a function. */
  seed?: MockSeed | SeedFunction;
  /** Keys created on every start and reset, besides `MOCK_KEY`. */
  keys?: MockKey[];
  /** Freezes the clock at this time (it then moves only with `clock.advance`). Default: real time. */
  startAt?: Date | string;
  /** Debounce window of source refreshes in seconds (the server's default is 2). */
  refreshDebounceSeconds?: number;
  /** PBKDF2 rounds for account passwords. Default 1000: a mock needs speed, not resistance. */
  passwordIterations?: number;
  /** Unexpected errors of the app (answered 500). Default: `console.error`. */
  onError?: (error: unknown) => void;
  /** An override answered outside the contract (answered 500). Default: `console.error`. */
  onContractViolation?: (error: MockContractError) => void;
  /**
   * URL of sql.js's WebAssembly (`sql.js/dist/sql-wasm-browser.wasm`). `startMockWorker` sets it
   * to the asset your bundler emits; Node needs none (sql.js reads its file from disk).
   */
  sqlWasmUrl?: string;
}

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

interface State {
  storage: MemoryStorage;
  app: { fetch(request: Request): Response | Promise<Response> };
}

/** Stateful mock of the service: the reference server's app on in-memory SQLite, behind MSW handlers. */
export function createMock(options: MockOptions = {}): WsadminMock {
  const scope = baseScope(options.baseUrl ?? MOCK_BASE_URL);
  const startMs = options.startAt === undefined ? undefined : new Date(options.startAt).getTime();
  if (startMs !== undefined && Number.isNaN(startMs))
    throw new TypeError('createMock: startAt is not a date');
  const clock = new AdjustableClock(startMs === undefined ? undefined : { now: () => new Date(startMs) });
  const passwords = pbkdf2Passwords(options.passwordIterations ?? 1000);
  const onError = options.onError ?? ((error) => console.error('[wsadmin mock] unexpected error', error));
  const onViolation =
    options.onContractViolation ?? ((error) => console.error(`[wsadmin mock] ${error.message}`));
  const overrides = new Map<OperationId, ActiveOverride>();
  const violations: MockContractError[] = [];
  let state: Promise<State> | undefined;
  // The database right after keys and seed were applied: reset() reopens it from these bytes
  // (milliseconds) instead of migrating and seeding again.
  let seeded: Uint8Array | undefined;

  async function build(bytes?: Uint8Array): Promise<State> {
    const storage = await openMemoryStorage({
      now: () => clock.now(),
      ...(bytes ? { bytes } : {}),
      ...(options.sqlWasmUrl === undefined ? {} : { wasmUrl: options.sqlWasmUrl }),
    });
    const app = createApp({
      storage,
      clock,
      passwords,
      onError,
      ...(options.refreshDebounceSeconds === undefined
        ? {}
        : { refreshDebounceSeconds: options.refreshDebounceSeconds }),
    });
    if (bytes) return { storage, app };
    try {
      await createKey(storage.db, clock.now(), {
        name: 'mock',
        description: 'MOCK_KEY: every permission, every workspace',
        secret: MOCK_KEY,
      });
      for (const key of options.keys ?? []) {
        await createKey(storage.db, clock.now(), { ...key, name: key.name ?? 'mock key' });
      }
      if (options.seed) {
        await applySeed(
          options.seed,
          mockClient(async (request) => app.fetch(request), MOCK_KEY),
        );
      }
      seeded = await storage.exportBytes();
    } catch (error) {
      await storage.close();
      throw new Error(`wsadmin mock: seeding failed: ${(error as Error).message}`, { cause: error });
    }
    return { storage, app };
  }

  const current = () => {
    state ??= build();
    return state;
  };

  async function replace(next: Promise<State>): Promise<void> {
    const previous = state;
    state = next;
    await previous?.then((old) => old.storage.close()).catch(() => undefined);
    await next;
  }

  async function appFetch(request: Request): Promise<Response> {
    let app: State['app'];
    try {
      ({ app } = await current());
    } catch (error) {
      return Response.json(
        { errcode: 500, errmsg: (error as Error).message, data: { reason: 'internal' } },
        { status: 500 },
      );
    }
    return app.fetch(request);
  }

  /** The answer to a request under the base URL; a network error is a `Response.error()`, as MSW wants it. */
  async function answer(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = scope.pathOf(url);
    if (path === undefined)
      throw new TypeError(`${request.url} is not under the mock's base URL ${scope.href}`);
    const matched = matchOperation(request.method, path);
    const active = matched ? overrides.get(matched.operationId) : undefined;
    if (!matched || !active) return appFetch(await scope.forward(request, url, path));
    active.remaining -= 1;
    if (active.remaining <= 0) overrides.delete(matched.operationId);
    const copy = request.clone();
    return answerOverride(matched, active.override, copy, await scope.forward(request, url, path));
  }

  async function answerOverride(
    { operationId, params }: MatchedOperation,
    override: Override<OperationId>,
    request: Request,
    forwarded: Request,
  ): Promise<Response> {
    if (override === 'network-error') return Response.error();
    if (typeof override !== 'function') {
      if (isEnvelope(override)) return errorResponse(operationId, override);
      await new Promise((resolve) => setTimeout(resolve, override.delayMs));
      return appFetch(forwarded);
    }
    const context: OverrideContext<OperationId> = {
      operationId,
      request,
      params,
      real: async () => dataOf(operationId, await appFetch(forwarded.clone())),
    };
    try {
      const result = await override(context);
      return isEnvelope(result) ? errorResponse(operationId, result) : successResponse(operationId, result);
    } catch (error) {
      if (error instanceof MockRequestError) return Response.json(error.answer, { status: error.status });
      if (!(error instanceof MockContractError)) throw error;
      violations.push(error);
      onViolation(error);
      return Response.json(
        { errcode: 500, errmsg: error.message, data: { reason: 'internal' } },
        { status: 500 },
      );
    }
  }

  const handlers = [
    http.all(
      ({ request }) => scope.pathOf(new URL(request.url)) !== undefined,
      ({ request }) => answer(request),
    ),
  ];

  async function withStorage<T>(use: (storage: MemoryStorage) => Promise<T>): Promise<T> {
    return use((await current()).storage);
  }

  return {
    baseUrl: scope.href,
    key: MOCK_KEY,
    handlers,
    clock,
    client: mockClient((request) => appFetch(request), MOCK_KEY),
    get violations() {
      return violations;
    },
    async fetch(request) {
      const response = await answer(request);
      // Outside MSW a network error is a rejected fetch, as with the real one.
      if (response.type === 'error')
        throw new TypeError('Failed to fetch (wsadmin mock: network-error override)');
      return response;
    },
    async ready() {
      await current();
    },
    async reset() {
      overrides.clear();
      violations.length = 0;
      clock.reset();
      await replace(build(seeded));
    },
    snapshot: () => withStorage(async (storage) => ({ bytes: await storage.exportBytes() })),
    async restore(snapshot) {
      await replace(build(snapshot.bytes));
    },
    override(operationId, override, overrideOptions = {}) {
      checkOverride(operationId, override, overrideOptions);
      const active: ActiveOverride = {
        override: override as Override<OperationId>,
        remaining: overrideOptions.times ?? Number.POSITIVE_INFINITY,
      };
      overrides.set(operationId, active);
      return () => {
        if (overrides.get(operationId) === active) overrides.delete(operationId);
      };
    },
    clearOverrides() {
      overrides.clear();
    },
    createKey: (key = {}) =>
      withStorage(async (storage) => {
        const created = await createKey(storage.db, clock.now(), { ...key, name: key.name ?? 'mock key' });
        return created.secret;
      }),
    revokeKey: (secret) =>
      withStorage(async (storage) => {
        const key = await findKeyBySecret(storage.db, secret);
        if (!key) throw new Error('mock.revokeKey: no key has this secret');
        await revokeKey(storage.db, key.id, clock.now());
      }),
    storage: () => withStorage(async (storage) => storage),
    async close() {
      const previous = state;
      state = undefined;
      await previous?.then((old) => old.storage.close()).catch(() => undefined);
    },
  };
}

/** Which URLs the mock answers: `<baseUrl>/openapi/v1` and everything under it. */
function baseScope(baseUrl: string) {
  const base = new URL(baseUrl, globalThis.location?.href);
  const prefix = base.pathname.replace(/\/+$/, '');
  const api = `${prefix}/openapi/v1`;
  return {
    href: `${base.origin}${prefix}`,
    /** The path the app sees (`/openapi/v1/...`), or undefined when the URL is not the mock's. */
    pathOf(url: URL): string | undefined {
      if (url.origin !== base.origin) return undefined;
      if (url.pathname !== api && !url.pathname.startsWith(`${api}/`)) return undefined;
      return url.pathname.slice(prefix.length);
    },
    /** The request as the app expects it: without the base URL's path prefix. */
    async forward(request: Request, url: URL, path: string): Promise<Request> {
      if (prefix === '') return request;
      const bodyless = request.method === 'GET' || request.method === 'HEAD';
      return new Request(new URL(`${path}${url.search}`, url.origin), {
        method: request.method,
        headers: request.headers,
        body: bodyless ? null : await request.arrayBuffer(),
      });
    },
  };
}
