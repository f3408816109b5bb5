import { describe, expect, it } from 'vitest';
import { errorCodesOf, type OperationId, operationIds, operations } from '../all-operations';
import { ErrorEnvelope } from '../envelope';
import { buildOpenApiDocument } from '../openapi';
import type { OperationSpec } from '../operation-spec';
import { errorExample } from './errors';
import {
  exampleWorldRequests,
  IDEMPOTENCY_KEY_EXAMPLE,
  operationExamples,
  operationsWithoutExamples,
} from './index';

const examples = Object.entries(operationExamples) as [
  OperationId,
  (typeof operationExamples)[OperationId],
][];

interface DocumentResponse {
  $ref?: string;
  content?: { 'application/json': { example?: unknown } };
}
interface DocumentOperation {
  parameters?: { name: string; example?: unknown }[];
  requestBody?: { content: { 'application/json': { example?: unknown } } };
  responses: Record<string, DocumentResponse>;
}
const document = buildOpenApiDocument() as unknown as {
  paths: Record<string, Record<string, DocumentOperation>>;
  components: { responses: Record<string, DocumentResponse> };
};
/** A response as written, or the shared one it points at (`#/components/responses/...`). */
const resolved = (response: DocumentResponse) =>
  response.$ref ? document.components.responses[response.$ref.split('/').at(-1) ?? ''] : response;
const inDocument = (op: OperationSpec) => document.paths[op.path]?.[op.method] as DocumentOperation;

describe('operation examples', () => {
  it.each(examples)(
    '%s: every part is valid for its schema, and present where the operation has it',
    (id, example) => {
      const op: OperationSpec = operations[id];
      for (const part of ['params', 'query', 'headers', 'body'] as const) {
        const schema = op[part];
        if (part !== 'query' && part !== 'headers')
          expect(example?.[part] !== undefined, part).toBe(schema !== undefined);
        if (example?.[part] === undefined) continue;
        expect(schema, part).toBeDefined();
        const parsed = schema?.safeParse(example[part]);
        expect(parsed?.error, `${id} ${part}`).toBeUndefined();
      }
      expect(example !== undefined && 'data' in example, 'data').toBe(op.data !== undefined);
      if (op.data) expect(op.data.safeParse(example?.data).error).toBeUndefined();
    },
  );

  it.each(exampleWorldRequests)('the world request %s is valid for its schemas', (id, example) => {
    const op: OperationSpec = operations[id];
    expect(op.body?.safeParse(example.body).error).toBeUndefined();
    if (example.data !== undefined) expect(op.data?.safeParse(example.data).error).toBeUndefined();
    const headers = example.headers ?? {};
    expect(op.headers?.safeParse(headers).error).toBeUndefined();
  });

  it('error examples are error envelopes with their code, for every operation and declared code', () => {
    for (const id of operationIds) {
      const op: OperationSpec = operations[id];
      for (const code of errorCodesOf(op)) {
        const example = errorExample(op, code, operationExamples[id]?.params);
        expect(ErrorEnvelope.parse(example).errcode, `${id} ${code}`).toBe(code);
      }
    }
  });

  it('the Idempotency-Key example matches its own pattern on every commit', () => {
    const commits = operationIds.filter((id) => (operations[id] as OperationSpec).headers);
    expect(commits.length).toBeGreaterThan(0);
    for (const id of commits) {
      const headers = (operations[id] as OperationSpec).headers;
      expect(headers?.safeParse({ 'Idempotency-Key': IDEMPOTENCY_KEY_EXAMPLE }).error, id).toBeUndefined();
      const parameter = inDocument(operations[id]).parameters?.find((p) => p.name === 'Idempotency-Key');
      expect(parameter?.example, id).toBe(IDEMPOTENCY_KEY_EXAMPLE);
    }
  });

  it.each(examples)('%s: the document carries the example on parameters, body and answers', (id, example) => {
    const op: OperationSpec = operations[id];
    const operation = inDocument(op);
    for (const parameter of operation.parameters ?? []) {
      const value = { ...example?.params, ...example?.query, ...example?.headers }[parameter.name];
      if (value !== undefined) expect(parameter.example, parameter.name).toEqual(value);
    }
    if (op.params)
      expect(
        operation.parameters?.every((p) => p.example !== undefined || !(p.name in (op.params?.shape ?? {}))),
      ).toBe(true);
    if (op.body) expect(operation.requestBody?.content['application/json'].example).toEqual(example?.body);
    const success = operation.responses['200']?.content?.['application/json'].example;
    expect(success).toEqual({ errcode: 200, errmsg: 'success', ...(op.data ? { data: example?.data } : {}) });
    for (const [status, response] of Object.entries(operation.responses)) {
      expect(resolved(response)?.content?.['application/json'].example, status).toBeDefined();
    }
  });

  it('covers every operation', () => {
    expect(operationsWithoutExamples).toEqual([]);
    expect(examples.length).toBe(operationIds.length);
  });
});
