import { type OperationId, operationEntries } from '@wsadmin/contract';
import type { RouteFound } from '@wsadmin/contract/routes';
import type { Context } from 'hono';
import type { AccessKey } from '../auth/keys';
import type { HandlerContext, ServerContext } from '../context';
import type { Handlers } from '../handlers/handler';
import { STORED_DATA_READS } from '../handlers/stored-data-reads';
import { type RateLimiter, STRICT_OPERATIONS, strictCost } from '../rate-limit/rate-limiter';
import type { Storage } from '../storage/storage';
import { abandonedAnswer, isAbandoned } from './abandoned';
import type { AppEnv } from './app-env';
import { authenticatorOf } from './pipeline/authenticate';
import { cachedAnswer } from './pipeline/cached-answer';
import { limitKey } from './pipeline/limit';
import { parseRequest } from './pipeline/parse';
import { readFresh } from './pipeline/read-fresh';
import { responderOf } from './pipeline/respond';
import { headerOf } from './request-headers';
import { jsonAnswer } from './request-id';

type AnyHandler = (request: unknown, context: unknown) => Promise<unknown>;

export interface RouteOptions {
  /** Validate every success response against the contract (development and tests). */
  validateResponses: boolean;
  /** Per-key buckets, checked right after authentication. */
  rateLimiter?: RateLimiter | undefined;
}

/** The answer to a request the route matcher found an operation for (`params`: its path values, decoded). */
export type OperationAnswer = (c: Context<AppEnv>, params: RouteFound['params']) => Promise<Response>;

/**
 * The answer of every contract operation, its steps in order (`pipeline/`): read fresh, the cached
 * answer, authenticate (and authorise, the key bucket charged), parse, the strict bucket, the
 * handler, respond (and keep the answer). The app chooses the operation (`matchRoute`); nothing
 * here routes.
 */
export function operationAnswers(
  handlers: Handlers,
  context: ServerContext,
  options: RouteOptions,
): ReadonlyMap<OperationId, OperationAnswer> {
  const answers = new Map<OperationId, OperationAnswer>();
  for (const [operationId, op] of operationEntries) {
    const handler = handlers[operationId] as AnyHandler;
    const strict = STRICT_OPERATIONS.has(operationId);
    const keepable = STORED_DATA_READS.has(operationId);
    const respond = responderOf(operationId, op, options.validateResponses);
    const limiter = options.rateLimiter;
    const authenticate = authenticatorOf(op, limiter);
    const answer = async (c: Context<AppEnv>, storage: Storage, matched: RouteFound['params']) => {
      const now = context.clock.now();
      const authorization = headerOf(c, 'authorization');
      // A cached answer is found by the key's hash, which authentication looks the key up by too:
      // hashed once (synchronously where the runtime can: only those keep answers).
      const { secretHash, slot, kept } = cachedAnswer(
        storage,
        op,
        keepable,
        authorization,
        c.req.url,
        now.getTime(),
      );
      if (kept) {
        limitKey(limiter, c, 'key', kept.keyId);
        return jsonAnswer(kept.text, c.get('facts').requestId);
      }
      const key = await authenticate(c, storage, authorization, secretHash, now);
      const request = await parseRequest(op, c, matched, key);
      // Charged once the body is known: one token per password the request hashes.
      if (strict) limitKey(limiter, c, 'strict', key.id, strictCost(request.body));
      const data = await handler(request, new RequestContext(context, storage, key, c.req.raw));
      const text = respond(data);
      slot?.keep({
        text,
        keyId: key.id,
        expiresAt: key.expiresAt === null ? null : Date.parse(key.expiresAt),
      });
      return jsonAnswer(text, c.get('facts').requestId);
    };
    answers.set(operationId, async (c, matched) => {
      const storage = context.storageNow();
      try {
        return await readFresh(storage.reads, () => answer(c, storage, matched));
      } catch (error) {
        // A client that left is no server failure: 499, never the 500/503 path of onError.
        if (isAbandoned(c.req.raw, error)) return abandonedAnswer();
        throw error;
      }
    });
  }
  return answers;
}

/**
 * A handler's context. A class, not `{ ...context, db, key, get signal() {...} }`: that literal (a
 * spread into an object with an accessor) cost about 7 µs a request, the class under 0.1. `signal`
 * is read lazily, on the prototype: most handlers never look, and the host builds the signal on
 * first read (so a spread copy of this object would have none).
 */
class RequestContext implements HandlerContext {
  readonly db: HandlerContext['db'];
  readonly clock: ServerContext['clock'];
  readonly passwords: ServerContext['passwords'];
  readonly settings: ServerContext['settings'];

  constructor(
    context: ServerContext,
    readonly storage: Storage,
    readonly key: AccessKey,
    private readonly raw: Request,
  ) {
    this.db = storage.db;
    this.clock = context.clock;
    this.passwords = context.passwords;
    this.settings = context.settings;
  }

  get signal(): AbortSignal {
    return this.raw.signal;
  }
}
