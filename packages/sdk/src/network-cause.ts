/**
 * Why a fetch failed, read from what the runtime threw. Each runtime puts the reason elsewhere:
 * Node (undici) throws `TypeError: fetch failed` with the system error as `cause` (`code`
 * `ECONNREFUSED`, `ENOTFOUND`, a TLS code such as `DEPTH_ZERO_SELF_SIGNED_CERT`), or an
 * `AggregateError` whose `errors` are one per address tried; Bun sets the code on the error itself
 * (before 1.2 its own names, `ConnectionRefused`); Deno 2's cause carries only a message (`tcp
 * connect error: Connection refused (os error 111)`), and a `Deno.errors` class is named but has
 * no code; browsers say only `Failed to fetch` (or `Load failed`, `NetworkError when attempting to
 * fetch resource.`), whatever went wrong, CORS included.
 */

/** The cause's code, when the runtime gave one, and a one-line description of it. */
export interface NetworkCause {
  /** e.g. `'ECONNREFUSED'`, `'ENOTFOUND'`, `'CERT_HAS_EXPIRED'`; undefined when the runtime gave none. */
  code: string | undefined;
  /** What the runtime said, e.g. `'connect ECONNREFUSED 127.0.0.1:8080'`. */
  detail: string;
}

/**
 * `Deno.errors` class names and Bun's former codes for failures Node reports with a POSIX code:
 * one spelling for callers who branch on `code`.
 */
const POSIX_CODES: Readonly<Record<string, string>> = {
  ConnectionRefused: 'ECONNREFUSED',
  ConnectionReset: 'ECONNRESET',
  ConnectionAborted: 'ECONNABORTED',
  TimedOut: 'ETIMEDOUT',
  AddrNotAvailable: 'EADDRNOTAVAIL',
  NotConnected: 'ENOTCONN',
  BrokenPipe: 'EPIPE',
};

/** Longest cause chain read; a cycle or a deeper chain stops here. */
const MAX_LINKS = 16;
/** Longest description kept: a runtime's message is one line, this only bounds a pathological one. */
const MAX_DETAIL = 300;

type Link = { message: string; code: string | undefined; errors: unknown[] };

function linkOf(value: unknown): Link | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { message, code, name, errors } = value as Record<string, unknown>;
  const named = typeof name === 'string' ? POSIX_CODES[name] : undefined;
  return {
    message: typeof message === 'string' ? message.trim() : '',
    code: typeof code === 'string' && code !== '' ? (POSIX_CODES[code] ?? code) : named,
    errors: Array.isArray(errors) ? errors : [],
  };
}

/**
 * Walks `error` and its `cause`s, outermost first. The first link with a code gives the code and
 * the detail: its message, or for an `AggregateError` without one, its `errors`' messages. Without
 * any code the detail is the innermost message, the most specific (`bad port`, not `fetch failed`).
 *
 * @example
 * networkCause(new TypeError('fetch failed', { cause: Object.assign(new Error('getaddrinfo ENOTFOUND x.invalid'), { code: 'ENOTFOUND' }) }));
 * // { code: 'ENOTFOUND', detail: 'getaddrinfo ENOTFOUND x.invalid' }
 */
export function networkCause(error: unknown): NetworkCause {
  const seen = new Set<unknown>();
  const links: Link[] = [];
  let value = error;
  while (links.length < MAX_LINKS && !seen.has(value)) {
    seen.add(value);
    const link = linkOf(value);
    if (!link) break;
    links.push(link);
    value = (value as { cause?: unknown }).cause;
  }
  const messagesOf = (link: Link) =>
    link.message ? [link.message] : link.errors.flatMap((each) => linkOf(each)?.message || []);
  const coded = links.find((link) => link.code !== undefined);
  const said = coded ? messagesOf(coded) : [];
  const innermost =
    [...links]
      .reverse()
      .map(messagesOf)
      .find((messages) => messages.length > 0) ?? [];
  const detail = [...new Set(said.length > 0 ? said : innermost)].join(', ') || String(error);
  return {
    code: coded?.code,
    detail: detail.length > MAX_DETAIL ? `${detail.slice(0, MAX_DETAIL)}…` : detail,
  };
}

/**
 * The URL as it may be shown: without a user name and password. Path and query stay (this API's
 * query parameters are filters and paging, never secrets); a URL that does not parse loses
 * everything between `//` and `@`.
 *
 * @example
 * shownUrl('https://admin:s3cret@wsadmin.example.com/openapi/v1/workspaces/?q=sales');
 * // 'https://wsadmin.example.com/openapi/v1/workspaces/?q=sales'
 */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.href;
  } catch {
    return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1');
  }
}
