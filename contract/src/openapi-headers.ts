import type { OpenAPIRegistry, ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { errorCodes } from './envelope';
import { errorEnvelope } from './wire-envelope';

/**
 * The response headers the reference server sends, as reusable `components.headers` of the
 * document (server-core: `app.ts`, `http/request-id.ts`, `rate-limit/rate-limit-fields.ts`).
 * `headers.test.ts` in server-core checks that the server sends each where it is declared, and
 * declares each it sends.
 */
export const responseHeaders = {
  'X-Request-Id': {
    description:
      'Id of this request: the incoming `X-Request-Id` when it is 1-128 characters of `[A-Za-z0-9._:@/+=-]`, else a fresh UUID. On every answer.',
    required: true,
    schema: { type: 'string', pattern: '^[A-Za-z0-9._:@/+=-]{1,128}$' },
  },
  'RateLimit-Policy': {
    description:
      'Only where the operator turned rate limits on (`WSADMIN_RATE_LIMIT`): the quota of each bucket the request met (`address`, `key`, `strict`), as a structured-field list of draft-ietf-httpapi-ratelimit-headers: `q` requests per window of `w` seconds.',
    schema: { type: 'string' },
    example: '"address";q=200;w=1, "key";q=100;w=1',
  },
  RateLimit: {
    description:
      'Only where the operator turned rate limits on: the state of each bucket the request met, named as in `RateLimit-Policy`: `r` requests left, the bucket full again in `t` seconds.',
    schema: { type: 'string' },
    example: '"address";r=199;t=1, "key";r=99;t=1',
  },
  'Retry-After': {
    description:
      'Seconds to wait before sending the same request again. On 429: until the request can pass; absent when the request needs more than the bucket ever holds (a password batch larger than the `strict` bucket): no wait helps. On 409 `request_in_progress` (commits only, absent on other 409s): until the request with the same `Idempotency-Key` that is still running may have finished; send the same request with the same key again then.',
    schema: { type: 'integer', minimum: 1 },
  },
  Allow: {
    description:
      'The methods the path answers (RFC 9110), in the order GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS; OPTIONS only where CORS is on.',
    required: true,
    schema: { type: 'string' },
    example: 'GET, HEAD, POST',
  },
} as const;

export type ResponseHeaderName = keyof typeof responseHeaders;

const ON_EVERY_ANSWER: readonly ResponseHeaderName[] = ['X-Request-Id', 'RateLimit-Policy', 'RateLimit'];

/** What an operation's answers carry besides the status: `idempotent` for one with an `Idempotency-Key`. */
export interface AnswerTraits {
  idempotent?: boolean;
}

/**
 * The headers the document declares on an answer with HTTP status `status`: `Retry-After` on 429,
 * and on the 409 of an operation with an `Idempotency-Key` (`request_in_progress`).
 */
export function headersOf(status: number, traits: AnswerTraits = {}): ResponseHeaderName[] {
  const retryAfter = status === 429 || (status === 409 && traits.idempotent === true);
  return [...ON_EVERY_ANSWER, ...(retryAfter ? ['Retry-After' as const] : [])];
}

const refTo = (name: ResponseHeaderName) => ({ $ref: `#/components/headers/${name}` });

/** The `headers` of a response with `status`, as references to the components. */
export function headersObjectOf(
  status: number,
  traits: AnswerTraits = {},
): NonNullable<ResponseConfig['headers']> {
  return Object.fromEntries(headersOf(status, traits).map((name) => [name, refTo(name)]));
}

/** The headers of the 405 answer, which a path gives every method none of its operations has. */
export const METHOD_NOT_ALLOWED_HEADERS: readonly ResponseHeaderName[] = [...ON_EVERY_ANSWER, 'Allow'];

/** Registers every header, and the 405 answer of a path that lacks the method, as components. */
export function registerResponseHeaders(registry: OpenAPIRegistry) {
  for (const [name, header] of Object.entries(responseHeaders)) {
    registry.registerComponent('headers', name, { ...header });
  }
  registry.registerComponent('responses', 'MethodNotAllowed', {
    description: errorCodes[405],
    headers: Object.fromEntries(METHOD_NOT_ALLOWED_HEADERS.map((name) => [name, refTo(name)])),
    content: {
      'application/json': {
        schema: { $ref: '#/components/schemas/ErrorEnvelope' },
        // The server's own words for `PUT` on a path that only takes `POST` (http/fallback.ts).
        example: errorEnvelope(
          405,
          'PUT is not allowed on /openapi/v1/workspaces/create-workspaces/; allowed: POST',
          'method_not_allowed',
        ),
      },
    },
  });
}

/**
 * The 405 of every operation: OpenAPI has no responses per path, so each operation of a path
 * points at the one answer its path gives the methods it lacks (docs/spec-gaps.md).
 */
export const METHOD_NOT_ALLOWED_REF = { $ref: '#/components/responses/MethodNotAllowed' } as const;
