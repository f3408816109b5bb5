import type { RateBucket } from '../rate-limit/rate-limiter';
import type { Rate, RateLimits } from '../rate-limit/token-bucket';

const UNITS: Record<string, number> = { s: 1, sec: 1, m: 60, min: 60, h: 3600 };
const BUCKETS: readonly RateBucket[] = ['key', 'address', 'strict'];
const ENTRY = /^(key|address|strict)=(\d+(?:\.\d+)?)\/(\d*)(s|sec|m|min|h)$/;

export const RATE_LIMIT_SYNTAX =
  'off, or a comma list of <bucket>=<requests>/<period> with bucket key, address or strict and period s, min or h (e.g. 10s), e.g. key=100/s,address=200/s,strict=10/min';

/**
 * `WSADMIN_RATE_LIMIT`: unset or `off`, no limits; otherwise e.g. `key=100/s,address=200/s,strict=10/min`.
 * `N/period` is a bucket of N tokens refilled at N per period: a burst of N, then N per period.
 * Buckets left out are unlimited.
 */
export function parseRateLimits(value: string | undefined): RateLimits | undefined {
  const text = value?.trim();
  if (!text || text === 'off') return undefined;
  const limits: RateLimits = {};
  for (const entry of text.split(',')) {
    const match = ENTRY.exec(entry.trim());
    const requests = Number(match?.[2]);
    const count = match?.[3] ? Number(match[3]) : 1;
    if (!match || !(requests > 0) || !(count > 0))
      throw new Error(`WSADMIN_RATE_LIMIT: cannot read "${entry.trim()}"; expected ${RATE_LIMIT_SYNTAX}`);
    // A bucket that never holds a whole token refuses every request; `1/2s` says what `0.5/s` means.
    if (requests < 1)
      throw new Error(
        `WSADMIN_RATE_LIMIT: "${entry.trim()}" allows less than one request at once; write a slower rate as 1/<n><period>, e.g. 1/2s`,
      );
    const bucket = match[1] as RateBucket;
    if (limits[bucket]) throw new Error(`WSADMIN_RATE_LIMIT: "${bucket}" is given twice`);
    const rate: Rate = { capacity: requests, periodSeconds: count * (UNITS[match[4] ?? 's'] ?? 1) };
    limits[bucket] = rate;
  }
  return BUCKETS.some((bucket) => limits[bucket]) ? limits : undefined;
}
