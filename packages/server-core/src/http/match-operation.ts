import type { OperationId } from '@wsadmin/contract';
import { isRouteFound, matchRoute } from '@wsadmin/contract/routes';

export interface MatchedOperation {
  operationId: OperationId;
  /** Path parameters by name, decoded, as text. */
  params: Record<string, string>;
}

/**
 * The contract operation a method and path (`/openapi/v1/...`, as sent) call, if any: the route
 * matcher of `@wsadmin/contract/routes` (`matchRoute`), which the app dispatches with, without the
 * allowed methods of a path called with another method.
 */
export function matchOperation(method: string, path: string): MatchedOperation | undefined {
  const found = matchRoute(method, path);
  return isRouteFound(found) ? found : undefined;
}
