import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type OpenApiDocument, shareErrorResponses } from './shared-responses';

const contractDocument = JSON.parse(
  readFileSync(new URL('../../../contract/openapi.json', import.meta.url), 'utf8'),
) as OpenApiDocument;

const unauthorized = {
  description: 'No key.',
  content: { 'application/json': { schema: { type: 'object' } } },
};
const notFoundOf = (what: string) => ({ description: `No such ${what}.` });
const ok = (what: string) => ({ description: `The ${what}.` });

function operation(operationId: string, responses: Record<string, unknown>) {
  return { get: { operationId, responses } };
}

/** Every response of every operation, a `$ref` followed to what it names. */
function resolvedResponses(document: OpenApiDocument): Record<string, unknown> {
  const named = document.components?.responses ?? {};
  const resolved: Record<string, unknown> = {};
  for (const item of Object.values(document.paths ?? {})) {
    for (const value of Object.values(item)) {
      const { operationId, responses } = value as {
        operationId?: string;
        responses?: Record<string, unknown>;
      };
      for (const [status, response] of Object.entries(responses ?? {})) {
        const ref = (response as { $ref?: string }).$ref;
        resolved[`${operationId} ${status}`] = ref
          ? named[ref.slice('#/components/responses/'.length)]
          : response;
      }
    }
  }
  return resolved;
}

describe('shareErrorResponses', () => {
  const source: OpenApiDocument = {
    openapi: '3.1.0',
    paths: {
      '/a/': operation('getA', { 200: ok('a'), 401: unauthorized, 404: notFoundOf('a') }),
      '/b/': operation('getB', { 200: ok('a'), 401: unauthorized, 404: notFoundOf('b') }),
      '/c/': operation('getC', { 401: unauthorized, 404: notFoundOf('b') }),
      '/d/': operation('getD', {
        401: unauthorized,
        404: notFoundOf('d'),
        405: { $ref: '#/components/responses/Kept' },
      }),
      '/e/': operation('getE', { 404: notFoundOf('d') }),
      '/f/': operation('getF', { 404: notFoundOf('d') }),
    },
    components: { responses: { Kept: { description: 'Declared by the contract.' } } },
  };

  it('moves each error response several operations share into components.responses, once', () => {
    const shared = shareErrorResponses(source);
    expect(shared.components?.responses).toEqual({
      Kept: { description: 'Declared by the contract.' },
      Unauthorized: unauthorized,
      // The variant most operations share takes the status's name; others add their first user.
      NotFound: notFoundOf('d'),
      NotFound_getB: notFoundOf('b'),
    });
    expect(shared.paths?.['/b/']?.get).toEqual({
      operationId: 'getB',
      responses: {
        200: ok('a'),
        401: { $ref: '#/components/responses/Unauthorized' },
        404: { $ref: '#/components/responses/NotFound_getB' },
      },
    });
  });

  it('leaves successes, responses only one operation declares, and existing references where they are', () => {
    const shared = shareErrorResponses(source);
    expect(shared.paths?.['/a/']?.get).toMatchObject({ responses: { 200: ok('a'), 404: notFoundOf('a') } });
    expect(shared.paths?.['/d/']?.get).toMatchObject({
      responses: { 405: { $ref: '#/components/responses/Kept' } },
    });
  });

  it('does not change the document it is given', () => {
    const before = structuredClone(source);
    shareErrorResponses(source);
    expect(source).toEqual(before);
  });

  it('refuses to overwrite a response the document already names', () => {
    const taken = { ...source, components: { responses: { Unauthorized: { description: 'Another one.' } } } };
    expect(() => shareErrorResponses(taken)).toThrow('shared response name Unauthorized is taken');
  });

  it("gives every operation of the contract's document the same responses, and a third of the inline ones", () => {
    const shared = shareErrorResponses(contractDocument);
    expect(resolvedResponses(shared)).toEqual(resolvedResponses(contractDocument));
    const inline = (document: OpenApiDocument) =>
      Object.values(resolvedResponses({ ...document, components: {} })).filter(Boolean).length;
    expect(inline(shared)).toBeLessThan(inline(contractDocument) / 3);
  });
});
