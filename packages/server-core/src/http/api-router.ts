import { API_PREFIX } from '@wsadmin/contract/routes';
import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

/** The methods whose handlers are worked out once; another (`FOO`) is looked up each time. */
const KNOWN_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const API_FIRST_SEGMENT = API_PREFIX.split('/')[1] ?? '';

/**
 * Hono's router for an app whose whole API is one route (`${API_PREFIX}*`: the contract's route
 * matcher chooses the operation). Every API path then meets the same handlers, per method: they are
 * looked up once per method, on a path of the API, and handed out for every other; paths outside the
 * API (health, the test clock, key administration) go to Hono's TrieRouter. That holds only while
 * each route either covers the whole API (`*`, `/openapi/*`) or lies outside it (another first
 * segment); with any other route every path goes to the TrieRouter.
 */
export class ApiRouter<T> implements Router<T> {
  readonly name = 'ApiRouter';
  readonly #inner = new TrieRouter<T>();
  /** False once a route that could match only some API paths is added. */
  #uniform = true;
  readonly #apiMatches = new Map<string, Result<T>>();

  add(method: string, path: string, handler: T): void {
    if (!coversApi(path) && !outsideApi(path)) this.#uniform = false;
    this.#apiMatches.clear();
    this.#inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    if (!this.#uniform || !path.startsWith(API_PREFIX) || !KNOWN_METHODS.has(method))
      return this.#inner.match(method, path);
    let found = this.#apiMatches.get(method);
    if (found === undefined) {
      found = this.#inner.match(method, API_PREFIX);
      this.#apiMatches.set(method, found);
    }
    return found;
  }
}

/** `*`, `/*`, `/openapi/*`, `/openapi/v1/*`: a wildcard route over the whole API, without parameters. */
function coversApi(path: string): boolean {
  if (path === '*') return true;
  return path.endsWith('/*') && !path.includes(':') && API_PREFIX.startsWith(path.slice(0, -1));
}

/** A route whose first segment is static and not the API's (`/healthz`, `/__admin__/keys/*`). */
function outsideApi(path: string): boolean {
  const first = path.split('/')[1] ?? '';
  return path.startsWith('/') && first !== API_FIRST_SEGMENT && !/[:*{]/.test(first);
}
