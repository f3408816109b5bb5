import type { Context } from 'hono';
import { errorEnvelopeOf } from './error-envelope';
import { unmatched } from './fallback';

/** Answers a request no route or operation takes. */
export type Refuse = (c: Context) => Response;

/**
 * The app's answer where nothing matched (its `notFound`, and an API path the route matcher finds
 * no operation for): 405 with `Allow` on a known path, 404 otherwise, as `unmatched` decides.
 * `preflight`: CORS is on, so OPTIONS is answered everywhere and a 405's `Allow` lists it.
 */
export function refuseUnmatched(preflight: boolean): Refuse {
  return (c) => {
    const { error, allow } = unmatched(c.req.method, c.req.path, preflight);
    if (allow) c.header('Allow', allow);
    return c.json(errorEnvelopeOf(error), error.errcode);
  };
}
