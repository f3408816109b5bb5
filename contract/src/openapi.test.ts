import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { operationEntries } from './all-operations';
import { buildOpenApiDocument } from './openapi';

const document = buildOpenApiDocument();

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  responses?: Record<string, unknown>;
};
const documentOperations = Object.values(document.paths ?? {}).flatMap((item) =>
  Object.values(item as Record<string, Operation>),
);

/** A response, or the `components.responses` entry it points at. */
function resolved(response: unknown): unknown {
  const ref = (response as { $ref?: string }).$ref;
  if (ref === undefined) return response;
  const name = ref.replace('#/components/responses/', '');
  return (document.components?.responses as Record<string, unknown> | undefined)?.[name];
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has one operation per contract entry, each with an id, summary, tag, security and error responses', () => {
    expect(documentOperations).toHaveLength(operationEntries.length);
    for (const op of documentOperations) {
      expect(op.operationId).toMatch(/^[a-z][A-Za-z]+$/);
      expect(op.summary).toBeTruthy();
      expect(op.tags?.length).toBeGreaterThan(0);
      expect(op.security?.length).toBeGreaterThan(0);
      expect(Object.keys(op.responses ?? {})).toEqual(
        expect.arrayContaining(['200', '400', '401', '403', '500']),
      );
    }
  });

  it('declares the error envelope on every error response', () => {
    for (const op of documentOperations) {
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (status === '200') continue;
        expect(JSON.stringify(resolved(response))).toContain('#/components/schemas/ErrorEnvelope');
      }
    }
  });

  it('accepts only the Bearer form on /scopes/ and both key forms elsewhere', () => {
    const scope = documentOperations.find((op) => op.operationId === 'getScope');
    expect(scope?.security).toEqual([{ accessKey: [] }]);
    const others = documentOperations.filter((op) => op.operationId !== 'getScope');
    for (const op of others) expect(op.security).toEqual([{ accessKey: [] }, { connectionKey: [] }]);
  });
});
