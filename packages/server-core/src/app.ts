import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { randomSecret } from './auth/digest';
import type { PasswordHasher } from './auth/passwords';
import { AdjustableClock, type Clock } from './clock';
import type { ServerContext } from './context';
import { handlers } from './handlers';
import { ApiError } from './http/api-error';
import { unmatched } from './http/fallback';
import { registerOperations } from './http/routes';
import { invalidInput } from './http/zod-issues';
import type { TaskRunner } from './management/refresh-tasks';
import type { Storage } from './storage/storage';
import { isStorageUnavailable } from './storage/unavailable';

export interface AppOptions {
  storage: Storage;
  passwords: PasswordHasher;
  clock?: Clock;
  /** Check every success response against the contract. Default true; `npm start` turns it off in production. */
  validateResponses?: boolean;
  /** Serve `POST /__test__/clock/` to move the clock (needs an AdjustableClock). Never on by default. */
  testClock?: boolean;
  /** One line per request; omit for silence. */
  log?: (line: string) => void;
  /** Debounce window of source refreshes, in seconds. Default 2. */
  refreshDebounceSeconds?: number;
  /** Who runs due refresh tasks in this app (stored as the task's `claimed_by`). Default: a random id. */
  taskRunner?: TaskRunner;
  /** Called with unexpected errors (answered as 500, or 503 when the database cannot be reached). */
  onError?: (error: unknown) => void;
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
  const context: ServerContext = {
    storage: options.storage,
    clock,
    passwords: options.passwords,
    settings: {
      refreshDebounceMs: (options.refreshDebounceSeconds ?? 2) * 1000,
      taskRunner: options.taskRunner ?? { id: `app-${randomSecret(6)}` },
    },
  };
  const app = new Hono();

  if (options.log) {
    const log = options.log;
    app.use(async (c, next) => {
      const started = performance.now();
      await next();
      log(`${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`);
    });
  }

  if (options.testClock) {
    if (!(clock instanceof AdjustableClock)) throw new Error('testClock needs an AdjustableClock');
    app.post('/__test__/clock/', async (c) => {
      const parsed = ClockAdvance.safeParse(await c.req.json().catch(() => undefined));
      if (!parsed.success) throw invalidInput('body', parsed.error);
      const now = clock.advance(parsed.data.advanceSeconds);
      return c.json({ errcode: 200, errmsg: 'success', data: { now: now.toISOString() } });
    });
  }

  registerOperations(app, handlers, context, { validateResponses: options.validateResponses ?? true });

  app.notFound((c) => {
    const error = unmatched(c.req.method, c.req.path);
    return c.json(envelopeOf(error), error.errcode);
  });

  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(envelopeOf(error), error.errcode as ContentfulStatusCode);
    if (isStorageUnavailable(error)) {
      // An outage is not a bug: the request log shows the 503s; no stack per request.
      const unavailable = new ApiError(503, 'the database is unavailable; retry later', 'unavailable');
      return c.json(envelopeOf(unavailable), 503);
    }
    options.onError?.(error);
    const internal = new ApiError(500, 'internal error; the server log has the details', 'internal');
    return c.json(envelopeOf(internal), 500);
  });

  return app;
}

function envelopeOf(error: ApiError) {
  return {
    errcode: error.errcode,
    errmsg: error.message,
    data: { reason: error.reason, ...(error.issues ? { issues: error.issues } : {}) },
  };
}
