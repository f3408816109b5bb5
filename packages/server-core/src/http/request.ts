import type { OperationSpec } from '@wsadmin/contract';
import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError, invalid } from '../errors';
import { invalidInput } from '../zod-issues';

export const BODY_LIMIT_BYTES = 2 * 1024 * 1024;

function parseWith(where: string, schema: z.ZodType, value: unknown, mayHoldNul = true): unknown {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidInput(where, result.error);
  const nul = mayHoldNul ? nulPath(result.data, [where]) : undefined;
  if (nul) {
    const path = nul.join('.');
    const message = 'text must not contain the NUL character (U+0000)';
    throw invalid(`${path}: ${message}`, [{ path, message }]);
  }
  return result.data;
}

/**
 * Where a string holds U+0000, if anywhere. PostgreSQL cannot store that character in text (it
 * answered 500), so every backend refuses it alike (docs/spec-gaps.md).
 */
function nulPath(value: unknown, path: string[]): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nulPath(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

export function parseParams(op: OperationSpec, c: Context): unknown {
  return op.params ? parseWith('path', op.params, c.req.param()) : undefined;
}

export function parseQuery(op: OperationSpec, c: Context): unknown {
  return op.query ? parseWith('query', op.query, c.req.query()) : undefined;
}

export function parseHeaders(op: OperationSpec, c: Context): unknown {
  if (!op.headers) return undefined;
  const values: Record<string, string | undefined> = {};
  for (const name of Object.keys(op.headers.shape)) values[name] = c.req.header(name);
  return parseWith('header', op.headers, values);
}

export async function parseBody(op: OperationSpec, c: Context): Promise<unknown> {
  if (!op.body) return undefined;
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > BODY_LIMIT_BYTES) throw tooLarge();
  // The body is read as JSON whatever Content-Type says: `curl -d` sends a form type by default.
  const text = await c.req.text();
  if (text.length > BODY_LIMIT_BYTES / 4 && new TextEncoder().encode(text).byteLength > BODY_LIMIT_BYTES) {
    throw tooLarge();
  }
  if (!text.trim()) throw invalid('a JSON request body is required');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw invalid(`malformed JSON body: ${(error as Error).message.slice(0, 200)}`);
  }
  // JSON carries U+0000 only escaped: most bodies need no walk.
  return parseWith('body', op.body, json, text.includes('\\u0000'));
}

const tooLarge = () =>
  new ApiError(413, `request body exceeds ${BODY_LIMIT_BYTES} bytes`, 'payload_too_large');
