import type { Client } from 'openapi-fetch';
import { type Call, type Context, createCall, withHeaders } from './call';
import { ConfigurationError } from './errors';
import type { paths } from './generated/openapi';
import { shownUrl } from './network-cause';
import { type Propagate, propagating } from './propagation';
import { lazyRawClient } from './raw';
import { type AccountsApi, accounts } from './resources/accounts';
import { type AuthApi, auth } from './resources/auth';
import { type DimensionsApi, dimensions } from './resources/dimensions';
import { type ManagementFactory, management } from './resources/management';
import { type MeasuresApi, measures } from './resources/measures';
import { type MemberGroupsFactory, memberGroups } from './resources/member-groups';
import { type MembersFactory, members } from './resources/members';
import { type ScopesApi, scopes } from './resources/scopes';
import { type SourcesApi, sources } from './resources/sources';
import { type TimeSeriesApi, timeSeries } from './resources/time-series';
import { type WorkspacesApi, workspaces } from './resources/workspaces';
import { mirror, type SafeClient } from './safe';
import { createTransport, defaultSleep, type RetryPolicy } from './transport';

export interface ClientOptions {
  /**
   * Where the service runs, e.g. `https://wsadmin.example.com` (paths start with `/openapi/v1/`).
   * In a browser it may be relative to the page.
   */
  baseUrl: string;
  /** Access key; sent as `Authorization: Bearer <key>`. */
  key: string;
  /**
   * The fetch to use. Default: `globalThis.fetch`, looked up on every call, so a fetch patched
   * later (MSW, test spies) is still used.
   */
  fetch?: (request: Request) => Promise<Response>;
  /** Per-attempt timeout in milliseconds, body included. Default 30 000; 0 switches it off. */
  timeoutMs?: number;
  /** Retry count (default 2), or the full policy. */
  retries?: number | RetryPolicy;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /**
   * Adds trace context to the headers of every attempt, e.g. `propagateTraceContext` of
   * `@wsadmin/sdk/opentelemetry` (W3C `traceparent`/`tracestate` of the active OpenTelemetry span).
   * Default none.
   */
  propagate?: Propagate;
}

/** The resource-shaped facade. Every method resolves with the envelope's `data` or throws a `WsadminError`. */
export interface Facade {
  /** Scope of the calling key. */
  readonly scopes: ScopesApi;
  /** Workspaces and their settings. */
  readonly workspaces: WorkspacesApi;
  /** Time series (time dimensions) of a workspace. */
  readonly timeSeries: TimeSeriesApi;
  /** Dimensions of a workspace (batch endpoints). */
  readonly dimensions: DimensionsApi;
  /** Measures of a workspace (batch endpoints). */
  readonly measures: MeasuresApi;
  /** Member groups of a workspace and their row and model permissions. */
  readonly memberGroups: MemberGroupsFactory;
  /** Members of a workspace and their model permissions. */
  readonly members: MembersFactory;
  /** User accounts. */
  readonly accounts: AccountsApi;
  /** Login-data validation. */
  readonly auth: AuthApi;
  /** The preview-then-commit management interface of a workspace, with `apply()`. */
  readonly management: ManagementFactory;
  /** Source catalogue of a workspace (reference-server extension). */
  readonly sources: SourcesApi;
}

export interface WsadminClient extends Facade {
  /** The same facade in the non-throwing style: every call resolves with `{ data, error }`. */
  readonly safe: SafeClient;
  /**
   * Calls any operation by its operationId, as the facade does: `{ path, query, body }` typed by
   * the operation, resolves with the envelope's `data`, rejects with a `WsadminError`. For callers
   * that pick the operation as data (tools, generic clients); the facade reads better otherwise.
   *
   * @example
   * const workspace = await client.call('getWorkspace', { path: { workspaceId: 7 } });
   */
  readonly call: Call;
  /**
   * The typed openapi-fetch client (envelopes not unwrapped; key, retries and timeout apply).
   * openapi-fetch is loaded on its first request, so it costs nothing to an app that never uses it.
   */
  readonly raw: Client<paths>;
}

/**
 * Creates a client. Throws `ConfigurationError` when `baseUrl` or `key` is missing, or `baseUrl`
 * carries a user name or password.
 *
 * @example
 * import { createClient } from '@wsadmin/sdk';
 *
 * const client = createClient({ baseUrl: 'https://wsadmin.example.com', key: process.env.WSADMIN_KEY ?? '' });
 * const workspaces = await client.workspaces.list({ q: 'sales' });
 */
export function createClient(options: ClientOptions): WsadminClient {
  const {
    baseUrl,
    key,
    fetch = (request) => globalThis.fetch(request),
    timeoutMs = 30_000,
    headers,
  } = options;
  if (!baseUrl || typeof baseUrl !== 'string')
    throw new ConfigurationError('createClient: baseUrl is required');
  let url: URL;
  try {
    // Absolute, or relative to the page in a browser.
    // Typed here rather than through the DOM library, so the SDK compiles for Node (lib ES2022).
    url = new URL(baseUrl, (globalThis as { location?: { href: string } }).location?.href);
  } catch {
    throw new ConfigurationError(`createClient: baseUrl is not a URL: ${shownUrl(baseUrl)}`);
  }
  // fetch refuses such URLs, and its error would repeat the password.
  if (url.username || url.password)
    throw new ConfigurationError(
      `createClient: baseUrl must not contain a user name or password: ${shownUrl(baseUrl)} (the access key goes in \`key\`)`,
    );
  if (!key || typeof key !== 'string') throw new ConfigurationError('createClient: key is required');
  const policy = typeof options.retries === 'number' ? { limit: options.retries } : (options.retries ?? {});
  const target = {
    baseUrl: url.href,
    // The key's Authorization last: it wins over one in `headers`.
    headers: withHeaders({}, { ...headers, authorization: `Bearer ${key}` }),
    send: createTransport(propagating(fetch, options.propagate), timeoutMs, policy),
  };
  const call = createCall(target);
  const facade = facadeOf({ call, sleep: policy.sleep ?? defaultSleep });
  const client = { ...facade, safe: mirror(facade), raw: lazyRawClient(target) };
  // Not enumerable: the client's own keys stay the facade's, `safe` and `raw`, which the query
  // layer's link table and the coverage tests walk; `call` is the engine under every method.
  return Object.defineProperty(client, 'call', { value: call }) as WsadminClient;
}

/**
 * The facade over one `call`. `npm run generate` also builds it over a recording `call` to learn
 * which operation each method sends (`generated/facade-operations.ts`, for the query layer).
 *
 * @example
 * const facade = facadeOf({ call: createCall({ baseUrl, headers, send }), sleep: defaultSleep });
 */
export const facadeOf = (ctx: Context): Facade => ({
  scopes: scopes(ctx),
  workspaces: workspaces(ctx),
  timeSeries: timeSeries(ctx),
  dimensions: dimensions(ctx),
  measures: measures(ctx),
  memberGroups: memberGroups(ctx),
  members: members(ctx),
  accounts: accounts(ctx),
  auth: auth(ctx),
  management: management(ctx),
  sources: sources(ctx),
});
