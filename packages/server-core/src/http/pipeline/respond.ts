import {
  EmptyEnvelope,
  envelopeOf,
  type OperationId,
  type OperationSpec,
  successEnvelope,
  successEnvelopeText,
} from '@wsadmin/contract';
import type { z } from 'zod';
import { ApiError } from '../../errors';
import { SerializedJson } from '../../serialized-json';

/** The success envelope of an operation's result as sent, checked against the contract when asked. */
export type Respond = (data: unknown) => string;

/**
 * How an operation's handler result becomes the text of its answer: the envelope around it (a
 * `SerializedJson` result is already JSON text and is not parsed again), checked against the
 * operation's response schema when `validate` is on (development and tests), a mismatch a 500
 * naming the operation and the field.
 */
export function responderOf(operationId: OperationId, op: OperationSpec, validate: boolean): Respond {
  const schema = op.data ? envelopeOf(op.data) : EmptyEnvelope;
  const hasData = op.data !== undefined;
  return (data) => {
    if (data instanceof SerializedJson) {
      const text = successEnvelopeText(data.text);
      if (validate) checkResponse(operationId, schema, JSON.parse(text));
      return text;
    }
    const body = successEnvelope(data, hasData);
    if (validate) checkResponse(operationId, schema, body);
    return JSON.stringify(body);
  };
}

function checkResponse(operationId: OperationId, schema: z.ZodType, body: unknown): void {
  const result = schema.safeParse(body);
  if (result.success) return;
  const first = result.error.issues[0];
  throw new ApiError(
    500,
    `response of ${operationId} does not match the contract at ${first?.path.join('.') || '(root)'}: ${first?.message}`,
    'internal',
  );
}
