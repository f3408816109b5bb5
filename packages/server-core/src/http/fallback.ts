import { matchRoute } from '@wsadmin/contract/routes';
import { ApiError } from '../errors';

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export interface Unmatched {
  error: ApiError;
  /** The `Allow` header of a 405 (RFC 9110 §15.5.6): every method this path answers. */
  allow?: string;
}

/**
 * Why nothing matched: a known path with another method (405), a missing trailing slash, or an
 * unknown path. `preflight`: OPTIONS is answered on every path (CORS is on), so a 405 lists it.
 */
export function unmatched(method: string, path: string, preflight = false): Unmatched {
  const found = matchRoute(method, path);
  if (found !== undefined) {
    // Only ever asked when the app found no operation, so `found` lists the path's methods.
    const allowed: readonly string[] = 'allowed' in found ? found.allowed : [method.toUpperCase()];
    // HEAD is answered wherever GET is (Hono runs the GET route and drops the body).
    const answered = new Set([...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])]);
    if (preflight) answered.add('OPTIONS');
    const allow = METHOD_ORDER.filter((name) => answered.has(name)).join(', ');
    const error = new ApiError(
      405,
      `${method} is not allowed on ${path}; allowed: ${allow}`,
      'method_not_allowed',
    );
    return { error, allow };
  }
  if (!path.endsWith('/') && matchRoute(method, `${path}/`) !== undefined) {
    return {
      error: new ApiError(404, `unknown path ${path}: paths must end with "/" (try ${path}/)`, 'not_found'),
    };
  }
  return { error: new ApiError(404, `unknown path ${path}`, 'not_found') };
}
