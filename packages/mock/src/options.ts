import type { FeaturePermission } from '@wsadmin/contract';
import type { SqlWasm } from '@wsadmin/server-core';
import type { MockJournalOptions } from './journal/types';
import type { MockContractError } from './overrides';
import type { MockScenario } from './scenario';

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

/** A scenario (seed, keys, overrides, clock start) and how the mock runs. */
export interface MockOptions extends MockScenario {
  /** Where the mocked service lives; requests to `<baseUrl>/openapi/v1/...` are answered. Default `MOCK_BASE_URL`. */
  baseUrl?: string;
  /** Debounce window of source refreshes in seconds (the server's default is 2). */
  refreshDebounceSeconds?: number;
  /**
   * The request journal (`mock.requests`, `mock.har()`, the matchers): how many requests it keeps
   * (`{ limit }`, default 1000), or `false` for none.
   */
  journal?: MockJournalOptions;
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
  /**
   * sql.js's WebAssembly itself (`sql.js/dist/sql-wasm-browser.wasm`), for runtimes where it cannot
   * be located: a `WebAssembly.Module`, or the file's bytes (`ArrayBuffer` / `Uint8Array`). Cloudflare
   * Workers and other workerd hosts need it (they have no file system and no page URL, and compile
   * modules only at upload: pass the module their `.wasm` import gives); without it `createMock`
   * throws there, naming this option. Node, Bun, Deno and pages need none. Wins over `sqlWasmUrl`.
   *
   * @example
   * // A Cloudflare Worker (wrangler, or esbuild with the `.wasm` file kept as a module)
   * import { createClient } from '@wsadmin/sdk';
   * import { createMock, MOCK_BASE_URL, MOCK_KEY } from '@wsadmin/mock';
   * import sqlWasm from 'sql.js/dist/sql-wasm-browser.wasm';
   *
   * const mock = createMock({ sqlWasm, seed: { workspaces: [{ name: 'Demo' }] } });
   * const client = createClient({ baseUrl: MOCK_BASE_URL, key: MOCK_KEY, fetch: mock.fetch });
   * export default { fetch: async () => Response.json(await client.workspaces.list()) };
   */
  sqlWasm?: SqlWasm;
}
