import { errorEnvelope, successEnvelope } from '@wsadmin/contract';
import { API_PREFIX, isRouteFound, matchRoute, routes } from '@wsadmin/contract/routes';
import { type Context, Hono } from 'hono';
import { cors } from 'hono/cors';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { randomSecret } from './auth/digest';
import type { PasswordHasher } from './auth/passwords';
import { AdjustableClock, type Clock } from './clock';
import type { ServerContext, TaskRunner } from './context';
import { ApiError, RetryLaterError } from './errors';
import { handlers } from './handlers';
import { ApiRouter } from './http/api-router';
import { CORS_RULE } from './http/cors-rule';
import { unmatched } from './http/fallback';
import { type Readiness, registerHealth } from './http/health';
import { limit } from './http/pipeline/limit';
import { operationAnswers } from './http/register-operations';
import { headerOf } from './http/request-headers';
import { carriesRequestId, REQUEST_ID_HEADER, requestIdOf } from './http/request-id';
import { factsOf, type RequestFacts, type RequestReport, routeOf } from './http/request-report';
import type { Tracing } from './http/tracing';
import { rateLimitFields } from './rate-limit/rate-limit-fields';
import type { RateLimiter } from './rate-limit/rate-limiter';
import type { Storage } from './storage/storage';
import { isStorageUnavailable } from './storage/unavailable';
import { invalidInput } from './zod-issues';

export interface AppOptions {
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
  /** One line per request; omit for silence. */
  log?: (line: string) => void;
  /** Called once per answered request (logs, metrics). Never given a secret. */
  onRequestDone?: (report: RequestReport) => void;
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

const ClockAdvance = z.strictObject({
  advanceSeconds: z
    .number()
    .min(0)
    .max(10 * 366 * 86_400),
});

/** The reference server as a Hono app: every contract operation over the given storage. */
export function createApp(options: AppOptions): Hono {
  const clock = options.clock ?? new AdjustableClock();
  const given = options.storage;
  const storageNow = typeof given === 'function' ? given : () => given;
  const context: ServerContext = {
    storageNow,
    clock,
    passwords: options.passwords,
    settings: {
      refreshDebounceMs: (options.refreshDebounceSeconds ?? 2) * 1000,
      taskRunner: options.taskRunner ?? { id: `app-${randomSecret(6)}` },
    },
  };
  const app = new Hono({ router: new ApiRouter() });

  // Decided here, once: without tracing the app has no tracing middleware at all.
  if (options.tracing) app.use(options.tracing.requests);

  // Outermost: every answer, errors and preflights included, carries the request id and is reported.
  app.use(async (c, next) => {
    const started = performance.now();
    const requestId = requestIdOf(headerOf(c, 'x-request-id'));
    const facts = factsOf(c.req.raw);
    facts.requestId = requestId;
    await next();
    if (!carriesRequestId(c.res)) c.res.headers.set(REQUEST_ID_HEADER, requestId);
    const fields = rateLimitFields(facts.quotas);
    if (fields) {
      c.res.headers.set('RateLimit-Policy', fields.policy);
      c.res.headers.set('RateLimit', fields.state);
    }
    const durationMs = performance.now() - started;
    const route = facts.route ?? routeOf(c);
    options.log?.(`${c.req.method} ${route} ${c.res.status} ${durationMs.toFixed(1)}ms`);
    options.onRequestDone?.({
      requestId,
      method: c.req.method,
      route,
      operationId: facts.operationId,
      status: c.res.status,
      durationMs,
      keyId: facts.keyId,
      rateLimited: facts.rateLimited,
    });
  });

  if (options.corsOrigins) {
    const origins = options.corsOrigins;
    app.use(
      cors({
        origin: origins === '*' ? '*' : [...origins],
        allowMethods: [...CORS_RULE.allowMethods],
        allowHeaders: [...CORS_RULE.allowHeaders],
        exposeHeaders: [...CORS_RULE.exposeHeaders],
        maxAge: CORS_RULE.maxAgeSeconds,
      }),
    );
  }

  registerHealth(app, storageNow, options.readiness);

  const limiter = options.rateLimiter;
  const limitAddress = limiter
    ? (c: Context, facts: RequestFacts) =>
        limit(limiter, facts, 'address', options.clientAddress?.(c) ?? 'unknown')
    : undefined;

  if (options.testClock) {
    if (!(clock instanceof AdjustableClock)) throw new Error('testClock needs an AdjustableClock');
    app.post('/__test__/clock/', async (c) => {
      const parsed = ClockAdvance.safeParse(await c.req.json().catch(() => undefined));
      if (!parsed.success) throw invalidInput('body', parsed.error);
      const now = clock.advance(parsed.data.advanceSeconds);
      return c.json(successEnvelope({ now: now.toISOString() }, true));
    });
  }

  const refuse = (c: Context): Response => {
    const { error, allow } = unmatched(c.req.method, c.req.path, Boolean(options.corsOrigins));
    if (allow) c.header('Allow', allow);
    return c.json(errorEnvelopeOf(error), error.errcode);
  };
  const answers = operationAnswers(handlers, context, {
    validateResponses: options.validateResponses ?? true,
    rateLimiter: limiter,
  });
  // One route for the whole API: the contract's route matcher chooses the operation (HEAD is
  // answered by GET's, Hono drops the body; Hono's path is decoded but for `%25`, `/` and the like,
  // which the matcher decodes in parameters, so each is decoded once), before anything is charged, so even a refused request
  // is reported with its route; then the address bucket, before any key is looked up, so a flood of
  // bad keys is refused without touching the database.
  app.all(`${API_PREFIX}*`, (c): Response | Promise<Response> => {
    const facts = factsOf(c.req.raw);
    const found = matchRoute(c.req.method === 'HEAD' ? 'GET' : c.req.method, c.req.path);
    const answer = isRouteFound(found) ? answers.get(found.operationId) : undefined;
    if (!answer || !isRouteFound(found)) {
      limitAddress?.(c, facts);
      return refuse(c);
    }
    facts.route = routes[found.operationId].path;
    facts.operationId = found.operationId;
    limitAddress?.(c, facts);
    return answer(c, facts, found.params);
  });

  app.notFound(refuse);

  app.onError((error, c) => {
    if (error instanceof RetryLaterError) {
      c.header('Retry-After', String(error.retryAfterSeconds));
      return c.json(errorEnvelopeOf(error), error.errcode as ContentfulStatusCode);
    }
    if (error instanceof ApiError)
      return c.json(errorEnvelopeOf(error), error.errcode as ContentfulStatusCode);
    if (isStorageUnavailable(error)) {
      // An outage is not a bug: the request log shows the 503s; no stack per request.
      const unavailable = new ApiError(503, 'the database is unavailable; retry later', 'unavailable');
      return c.json(errorEnvelopeOf(unavailable), 503);
    }
    options.onError?.(error);
    const internal = new ApiError(500, 'internal error; the server log has the details', 'internal');
    return c.json(errorEnvelopeOf(internal), 500);
  });

  return app;
}

function errorEnvelopeOf(error: ApiError) {
  return errorEnvelope(error.errcode, error.message, error.reason, error.issues);
}
