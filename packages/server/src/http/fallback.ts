import { operationEntries } from '@wsadmin/contract';
import { ApiError } from './api-error';

const patterns = operationEntries.map(([, op]) => ({
  method: op.method.toUpperCase(),
  regex: new RegExp(`^${op.path.replace(/\{\w+\}/g, '[^/]+')}$`),
}));

/** Why nothing matched: a known path with another method (405), a missing trailing slash, or an unknown path. */
export function unmatched(method: string, path: string): ApiError {
  const allowed = patterns.filter((p) => p.regex.test(path)).map((p) => p.method);
  if (allowed.length > 0) {
    return new ApiError(
      405,
      `${method} is not allowed on ${path}; allowed: ${[...new Set(allowed)].join(', ')}`,
      'method_not_allowed',
    );
  }
  if (!path.endsWith('/') && patterns.some((p) => p.regex.test(`${path}/`))) {
    return new ApiError(404, `unknown path ${path}: paths must end with "/" (try ${path}/)`, 'not_found');
  }
  return new ApiError(404, `unknown path ${path}`, 'not_found');
}
