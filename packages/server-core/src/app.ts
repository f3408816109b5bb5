import { API_PREFIX } from '@wsadmin/contract/routes';
import { type Context, Hono } from 'hono';
import { randomSecret } from './auth/digest';
import type { PasswordHasher } from './auth/passwords';
import { AdjustableClock, type Clock } from './clock';
import type { ServerContext, TaskRunner } from './context';
import { handlers } from './handlers';
import { allowOrigins } from './http/allow-origins';
import { answerError } from './http/answer-error';
import { ApiRouter } from './http/api-router';
import { LIVENESS_PATH, liveness, READINESS_PATH, type Readiness, readiness } from './http/health';
import { operationRoute } from './http/operation-route';
import { refuseUnmatched } from './http/refuse-unmatched';
import { operationAnswers } from './http/register-operations';
import { type RequestReporting, reportRequests } from './http/report-requests';
import { advanceClock, TEST_CLOCK_PATH } from './http/test-clock';
import type { Tracing } from './http/tracing';
import type { RateLimiter } from './rate-limit/rate-limiter';
import type { Storage } from './storage/storage';

/** `log` and `onRequestDone`: where each answered request is told (`RequestReporting`). */
export interface AppOptions extends RequestReporting {
  /**
   * The storage, or where to find the current one at each request (a host that swaps databases
   * under one app, as the mock's reset does).
   */
  storage: Storage | (() => Storage);
  passwords: PasswordHasher;
  clock?: Clock;
  /** Check every success response against the contract. Default true; `npm start` turns it off in production. */
  validateResponses?: boolean;
  /** Serve `POST /__test__/clock/` to move the clock (needs an AdjustableClock). Never on by default. */
  testClock?: boolean;
  /**
   * Origins allowed to call from a browser (CORS): a list of exact origins, or `'*'`. Default none:
   * no CORS headers, so browsers keep other origins out.
   */
  corsOrigins?: readonly string[] | '*';
  /** Refuses requests over their rate with 429 and `Retry-After`. Default none (unlimited), as in the mock. */
  rateLimiter?: RateLimiter;
  /**
   * The client address of a request, for the per-address bucket (the app has no socket: the host
   * knows it). Without it every request counts as one address, `unknown`.
   */
  clientAddress?: (c: Context) => string | undefined;
  /** Debounce window of source refreshes, in seconds. Default 2. */
  refreshDebounceSeconds?: number;
  /** Who runs due refresh tasks in this app (stored as the task's `claimed_by`). Default: a random id. */
  taskRunner?: TaskRunner;
  /** `GET /readyz` answers 503 while shutting down, and reports its changes of state. Default: neither. */
  readiness?: Readiness;
  /** Called with unexpected errors (answered as 500, or 503 when the database cannot be reached). */
  onError?: (error: unknown) => void;
  /**
   * A SERVER span per request (`openTelemetryTracing` of `@wsadmin/server-core/opentelemetry`).
   * Default none: no span, no wrapper, no OpenTelemetry module loaded. The statements' spans are the
   * storage's (`openStorage`'s `tracing`).
   */
  tracing?: Tracing;
}

/**
 * The reference server as a Hono app: every contract operation over the given storage. Its steps,
 * outermost first, each in `http/`; an operation's own steps are in `http/pipeline/`.
 */
export function createApp(options: AppOptions): Hono {
  const clock = options.clock ?? new AdjustableClock();
  const context = serverContext(options, clock);
  const refuse = refuseUnmatched(Boolean(options.corsOrigins));
  const operations = operationRoute({
    answers: operationAnswers(handlers, context, {
      validateResponses: options.validateResponses ?? true,
      rateLimiter: options.rateLimiter,
    }),
    refuse,
    rateLimiter: options.rateLimiter,
    clientAddress: options.clientAddress,
  });
  const app = new Hono({ router: new ApiRouter() });
  // Decided here, once: without tracing the app has no tracing middleware at all.
  if (options.tracing) app.use(options.tracing.requests);
  app.use(reportRequests(options));
  if (options.corsOrigins) app.use(allowOrigins(options.corsOrigins));
  app.get(LIVENESS_PATH, liveness);
  app.get(READINESS_PATH, readiness(context.storageNow, options.readiness));
  if (options.testClock) app.post(TEST_CLOCK_PATH, advanceClock(clock));
  app.all(`${API_PREFIX}*`, operations);
  app.notFound(refuse);
  app.onError(answerError(options.onError));
  return app;
}

/** What every handler is given besides its request: the storage, clock, hasher and settings. */
function serverContext(options: AppOptions, clock: Clock): ServerContext {
  const given = options.storage;
  return {
    storageNow: typeof given === 'function' ? given : () => given,
    clock,
    passwords: options.passwords,
    settings: {
      refreshDebounceMs: (options.refreshDebounceSeconds ?? 2) * 1000,
      taskRunner: options.taskRunner ?? { id: `app-${randomSecret(6)}` },
    },
  };
}
