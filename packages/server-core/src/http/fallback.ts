import { ApiError } from '../errors';
import { allowedMethods } from './match-operation';

/** Why nothing matched: a known path with another method (405), a missing trailing slash, or an unknown path. */
export function unmatched(method: string, path: string): ApiError {
  const allowed = allowedMethods(path);
  if (allowed.length > 0) {
    return new ApiError(
      405,
      `${method} is not allowed on ${path}; allowed: ${allowed.join(', ')}`,
      'method_not_allowed',
    );
  }
  if (!path.endsWith('/') && allowedMethods(`${path}/`).length > 0) {
    return new ApiError(404, `unknown path ${path}: paths must end with "/" (try ${path}/)`, 'not_found');
  }
  return new ApiError(404, `unknown path ${path}`, 'not_found');
}
