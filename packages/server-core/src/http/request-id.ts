/**
 * Incoming `X-Request-Id` values are honoured when they look like an id (a load balancer's or a
 * client's), so one id follows a request across hops; anything else (too long, spaces, control
 * characters that could forge log lines) is replaced by a fresh UUID.
 */
const WELL_FORMED = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

export const REQUEST_ID_HEADER = 'X-Request-Id';

export function requestIdOf(incoming: string | undefined): string {
  return incoming !== undefined && WELL_FORMED.test(incoming) ? incoming : crypto.randomUUID();
}
