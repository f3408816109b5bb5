import type { Target } from './target';

/**
 * Any implementation of the service at `baseUrl`, reached with `fetch` and an unrestricted key. It
 * can do only what the public API allows: no key creation or revocation and no clock, so the
 * scenarios needing those are not run (the summary says so); models are seeded through the
 * management interface.
 */
export function httpTarget(options: {
  baseUrl: string;
  key: string;
  name?: string;
  /** Default: the global `fetch`, looked up per request (so an interceptor such as MSW's applies). */
  fetch?: (request: Request) => Promise<Response>;
}): Target {
  if (!/^https?:\/\//.test(options.baseUrl)) {
    throw new Error(`httpTarget: baseUrl must be an http(s) URL, not ${JSON.stringify(options.baseUrl)}`);
  }
  if (options.key === '') throw new Error('httpTarget: key must not be empty');
  return {
    name: options.name ?? options.baseUrl,
    baseUrl: options.baseUrl,
    key: options.key,
    fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
  };
}
