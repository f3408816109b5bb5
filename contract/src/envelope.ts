import { z } from 'zod';
import { SUCCESS_CODE, SUCCESS_MESSAGE } from './wire-envelope';

/**
 * Every response is an envelope `{ errcode, errmsg, data }`. Success is HTTP 200 with
 * `errcode` 200 and `errmsg` "success"; an error carries an HTTP status equal to its `errcode`.
 * These are its schemas; `wire-envelope.ts` builds and reads it.
 */

/** The error codes of the reference server, each equal to the HTTP status it is sent with. */
export const errorCodes = {
  400: 'Invalid input: malformed JSON, a wrong type, an unknown enum value, a missing or unknown field.',
  401: 'No key, an unknown key, or an expired or revoked key.',
  403: 'The key lacks the feature permission, or the workspace is outside its set.',
  404: 'Unknown resource, or unknown path (including a path without its trailing slash).',
  405: 'The path exists, but not with this method.',
  408: 'The request did not arrive in time (headers within 10 s, the whole request within 30 s); answered by the Node server before the app runs.',
  409: 'Conflict: the revision moved, the request is already running, or a unique value is taken.',
  410: 'The plan token expired.',
  413: 'The request body is larger than the server accepts (on any operation: the chunk extensions of a chunked body are over 16 KiB).',
  415: 'The request body is not `application/json` (or names a charset other than UTF-8).',
  422: 'The Idempotency-Key was already used with a different request.',
  429: "Too many requests from this key or client address; retry after the `Retry-After` header's seconds.",
  431: 'The request line and header fields are larger than the server accepts (16 KiB: a URL that long gets this too, not 414); answered by the Node server before the app runs.',
  500: 'Internal error.',
  503: 'Storage is unavailable; retry later.',
} as const;

export type ErrorCode = keyof typeof errorCodes;
export const ERROR_CODES = Object.keys(errorCodes).map(Number) as ErrorCode[];

/** Machine-readable reason inside an error envelope, finer than `errcode`. */
export const ErrorReason = z
  .enum([
    'invalid_request',
    'unauthorized',
    'forbidden',
    'not_found',
    'method_not_allowed',
    'conflict',
    'revision_conflict',
    'request_in_progress',
    'plan_token_expired',
    'plan_token_mismatch',
    'idempotency_key_reused',
    'payload_too_large',
    'unsupported_media_type',
    'rate_limited',
    'internal',
    'unavailable',
  ])
  .meta({ id: 'ErrorReason' });
export type ErrorReason = z.infer<typeof ErrorReason>;

export const ErrorIssue = z
  .object({
    path: z.string().meta({ description: 'Dotted location of the problem, e.g. `body.workspaces.2.name`.' }),
    message: z.string(),
  })
  .meta({ id: 'ErrorIssue' });

export const ErrorDetail = z
  .object({
    reason: ErrorReason,
    issues: z.array(ErrorIssue).optional(),
  })
  .meta({ id: 'ErrorDetail', description: 'Details of an error; `issues` lists every invalid field.' });

export const ErrorEnvelope = z
  .object({
    errcode: z.number().int().min(400).max(599),
    errmsg: z.string().meta({ description: 'Says what is wrong, naming the field or the problem.' }),
    data: ErrorDetail.optional(),
  })
  .meta({
    id: 'ErrorEnvelope',
    description:
      'Error body (spec: not shown). The HTTP status equals `errcode`; see docs/spec-gaps.md for the codes.',
  });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

const successFields = {
  errcode: z.literal(SUCCESS_CODE),
  errmsg: z.literal(SUCCESS_MESSAGE),
};

/** Success without data ("envelope only" in the spec): the `data` key is absent. */
export const EmptyEnvelope = z.object(successFields).meta({ id: 'EmptyEnvelope' });

/** Success envelope around `data`. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ ...successFields, data });
}
