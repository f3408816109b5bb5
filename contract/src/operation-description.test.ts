import { describe, expect, it } from 'vitest';
import { ALWAYS, errorCodesOf, operationEntries } from './all-operations';
import { buildOpenApiDocument } from './openapi';

const document = buildOpenApiDocument() as unknown as {
  paths: Record<string, Record<string, { description?: string }>>;
};

describe('operation descriptions', () => {
  it.each(operationEntries)('%s says what it does, its permission, scope, changes and errors', (_id, op) => {
    expect(op.description.trim().length, 'its own sentence').toBeGreaterThan(20);
    const description = document.paths[op.path]?.[op.method]?.description ?? '';
    expect(description.startsWith(op.description)).toBe(true);
    expect(description).toContain(op.permission === null ? 'no feature permission' : `\`${op.permission}\``);
    expect(description).toMatch(/\*\*Workspace scope:\*\* \S/);
    const writes = op.method !== 'get' && !op.readsOnly;
    expect(description).toContain(writes ? '**Changes:** writes' : '**Changes:** no configuration');
    for (const code of errorCodesOf(op)) {
      expect(description, String(code)).toContain(ALWAYS.includes(code) ? String(code) : `- ${code}: `);
    }
  });

  it('a path naming a workspace says that the key must reach it', () => {
    for (const [id, op] of operationEntries) {
      const description = document.paths[op.path]?.[op.method]?.description ?? '';
      expect(description.includes('workspace `{workspaceId}` must be'), id).toBe(
        op.path.includes('{workspaceId}'),
      );
    }
  });
});
