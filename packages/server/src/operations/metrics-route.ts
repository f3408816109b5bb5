import { timingSafeEqual } from 'node:crypto';
import { errorEnvelope } from '@wsadmin/contract';
import type { Hono } from 'hono';

/** What `/metrics` shows: this process's registry, or the sum over the cluster's workers (cluster/metrics.ts). */
export interface MetricsSource {
  metrics(): Promise<string>;
  readonly contentType: string;
}

export const METRICS_PATH = '/metrics';

/**
 * `GET /metrics` in Prometheus text format. With a key, only `Authorization: Bearer <key>` may read
 * it (the numbers reveal load and operation names); without one it is open, like /healthz, for a
 * scraper on a private network.
 */
export function mountMetrics(app: Hono, source: MetricsSource, key: string | undefined): void {
  app.get(METRICS_PATH, async (c) => {
    if (key !== undefined && !bearerMatches(c.req.header('authorization'), key)) {
      return c.json(
        errorEnvelope(401, 'metrics need "Authorization: Bearer <WSADMIN_METRICS_KEY>"', 'unauthorized'),
        401,
      );
    }
    let text: string;
    try {
      text = await source.metrics();
    } catch (error) {
      // A cluster's aggregation timed out (a worker busy or restarting): the scraper retries.
      const reason = error instanceof Error ? error.message : 'unknown error';
      return c.json(errorEnvelope(503, `metrics unavailable: ${reason}`, 'unavailable'), 503);
    }
    return c.body(text, 200, { 'content-type': source.contentType });
  });
}

function bearerMatches(header: string | undefined, key: string): boolean {
  const sent = /^Bearer\s+(.+)$/i.exec(header?.trim() ?? '')?.[1] ?? '';
  const left = Buffer.from(sent);
  const right = Buffer.from(key);
  // Constant time over equal lengths; a length mismatch says only that the length differs.
  return left.length === right.length && timingSafeEqual(left, right);
}
