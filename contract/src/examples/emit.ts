import { type OperationId, operations } from '../all-operations';
import type { ErrorCode } from '../envelope';
import type { OperationSpec } from '../operation-spec';
import { successEnvelope } from '../wire-envelope';
import { errorExample } from './errors';
import type { OperationExample } from './example';
import { operationExamples } from './index';
import { IDEMPOTENCY_KEY_EXAMPLE } from './values';

/** The parts of a generated OpenAPI document that examples go into. */
interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; example?: unknown }[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
}
type Paths = Record<string, Record<string, Operation>>;

/**
 * Puts the examples into a generated document: path, query and header values on their parameters,
 * the request body, the success envelope, and an error envelope for each declared error code.
 */
export function addExamples<D extends { paths?: unknown }>(document: D): D {
  for (const item of Object.values((document.paths ?? {}) as Paths)) {
    for (const operation of Object.values(item)) {
      const operationId = operation.operationId as OperationId;
      const op: OperationSpec = operations[operationId];
      const example = operationExamples[operationId];
      for (const parameter of operation.parameters ?? []) {
        const value = parameterExample(example, parameter, op);
        if (value !== undefined) parameter.example = value;
      }
      const body = operation.requestBody?.content['application/json'];
      if (body && example?.body !== undefined) body.example = example.body;
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = response.content?.['application/json'];
        if (!media) continue;
        if (status === '200') {
          if (example) media.example = successEnvelope(example.data, op.data !== undefined);
        } else {
          media.example = errorExample(op, Number(status) as ErrorCode, example?.params);
        }
      }
    }
  }
  return document;
}

function parameterExample(
  example: OperationExample | undefined,
  parameter: { name: string; in: string },
  op: OperationSpec,
): unknown {
  const from =
    parameter.in === 'path' ? example?.params : parameter.in === 'query' ? example?.query : example?.headers;
  const value = from?.[parameter.name];
  if (value !== undefined) return value;
  if (parameter.in === 'header' && parameter.name === 'Idempotency-Key' && op.headers)
    return IDEMPOTENCY_KEY_EXAMPLE;
  return undefined;
}
