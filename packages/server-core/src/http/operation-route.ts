import type { OperationId } from '@wsadmin/contract';
import { isRouteFound, matchRoute, routes } from '@wsadmin/contract/routes';
import type { Context, Handler } from 'hono';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { AppEnv } from './app-env';
import { limit } from './pipeline/limit';
import type { Refuse } from './refuse-unmatched';
import type { OperationAnswer } from './register-operations';

export interface OperationRouteOptions {
  /** Each operation's answer (`operationAnswers`). */
  answers: ReadonlyMap<OperationId, OperationAnswer>;
  /** The answer where the matcher finds no operation (`refuseUnmatched`). */
  refuse: Refuse;
  /** The per-address bucket's limiter; none: nothing counted. */
  rateLimiter?: RateLimiter | undefined;
  /** The client address of a request (the host knows it); else every request is `unknown`. */
  clientAddress?: ((c: Context) => string | undefined) | undefined;
}

/**
 * The handler of the app's one API route (`${API_PREFIX}*`, every method). The contract's route
 * matcher chooses the operation (HEAD is answered by GET's, Hono drops the body; Hono's path is
 * decoded but for `%25`, `/` and the like, which the matcher decodes in parameters, so each is
 * decoded once), before anything is charged, so even a refused request is reported with its route;
 * then the address bucket, before any key is looked up, so a flood of bad keys is refused without
 * touching the database; then the operation's answer.
 */
export function operationRoute(options: OperationRouteOptions): Handler<AppEnv> {
  const { answers, refuse, rateLimiter, clientAddress } = options;
  const limitAddress = rateLimiter
    ? (c: Context<AppEnv>) => limit(rateLimiter, c, 'address', clientAddress?.(c) ?? 'unknown')
    : undefined;
  return (c) => {
    const found = matchRoute(c.req.method === 'HEAD' ? 'GET' : c.req.method, c.req.path);
    const answer = isRouteFound(found) ? answers.get(found.operationId) : undefined;
    if (!answer || !isRouteFound(found)) {
      limitAddress?.(c);
      return refuse(c);
    }
    const facts = c.get('facts');
    facts.route = routes[found.operationId].path;
    facts.operationId = found.operationId;
    limitAddress?.(c);
    return answer(c, found.params);
  };
}
