import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

/** Matches kept at most: past it they are all dropped and kept anew. */
const CACHED_MATCHES = 1000;
/** Longer paths are matched every time (a path is part of the key). */
const CACHED_PATH_CHARS = 200;

/**
 * Hono's router with its matches kept per method and path: a match is a function of them and of the
 * routes, which the app adds before it serves (an added route drops every kept match). The
 * contract's static and parameter segments overlap (`/workspaces/update-workspaces/` beside
 * `/workspaces/{workspaceId}/`), which Hono's RegExpRouter refuses, so its SmartRouter always ended
 * on the TrieRouter, whose search walked about 110 routes for every request (npm run bench). Hono
 * reads a match and never changes it (RegExpRouter itself hands out shared ones), so a kept one is
 * handed out again as it is.
 */
export class CachingRouter<T> implements Router<T> {
  readonly name = 'TrieRouter, matches kept';
  readonly #inner: Router<T>;
  readonly #matches = new Map<string, Result<T>>();

  constructor(inner: Router<T> = new TrieRouter<T>()) {
    this.#inner = inner;
  }

  add(method: string, path: string, handler: T): void {
    this.#matches.clear();
    this.#inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    if (path.length > CACHED_PATH_CHARS) return this.#inner.match(method, path);
    const key = `${method} ${path}`;
    let found = this.#matches.get(key);
    if (found === undefined) {
      found = this.#inner.match(method, path);
      if (this.#matches.size >= CACHED_MATCHES) this.#matches.clear();
      this.#matches.set(key, found);
    }
    return found;
  }
}
