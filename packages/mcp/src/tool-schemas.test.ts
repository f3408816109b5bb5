import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { managementOperationIds, type OperationId, operationIds, operations } from '@wsadmin/contract';
import { operationExamples } from '@wsadmin/contract/examples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inMemorySession } from '../test/in-memory-session';
import { PreviewArguments } from './management-tools';
import { flowOperationIds, toolGroups } from './tool-catalogue';
import { groupArguments } from './tool-schemas';

const validator = new AjvJsonSchemaValidator();
type Listed = Awaited<ReturnType<Awaited<ReturnType<typeof inMemorySession>>['mcp']['listTools']>>;

/** An example's path values as an agent sends them: numbers where the path has integers. */
const argumentsOf = (operationId: OperationId): Record<string, unknown> => {
  const example = operationExamples[operationId] ?? {};
  const params = Object.fromEntries(
    Object.entries(example.params ?? {}).map(([name, value]) => [
      name,
      typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value,
    ]),
  );
  return {
    operation: operationId,
    ...params,
    ...(example.query ? { query: example.query } : {}),
    ...(example.body !== undefined ? { body: example.body } : {}),
  };
};

describe('tools/list with an unrestricted key', () => {
  let listed: Listed;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const session = await inMemorySession();
    close = session.close;
    listed = await session.mcp.listTools();
  });
  afterAll(() => close());

  it('stays within 40 tools and 60 kB of JSON', () => {
    expect(listed.tools.length).toBeLessThanOrEqual(40);
    expect(JSON.stringify(listed).length).toBeLessThanOrEqual(60_000);
  });

  it.each(['inputSchema', 'outputSchema'] as const)(
    'gives every tool a %s that compiles as JSON Schema',
    (field) => {
      for (const tool of listed.tools) {
        const schema = tool[field];
        if (field === 'inputSchema' || schema) {
          expect(schema?.type, tool.name).toBe('object');
          expect(() => validator.getValidator(schema as object), tool.name).not.toThrow();
        }
      }
    },
  );

  it("accepts every operation's contract example, in the tool's JSON Schema and in its own check", () => {
    const byName = new Map(listed.tools.map((tool) => [tool.name, tool]));
    let checked = 0;
    for (const group of toolGroups()) {
      const validate = validator.getValidator(byName.get(group.name)?.inputSchema as object);
      for (const operationId of group.operationIds) {
        const args = argumentsOf(operationId);
        expect(validate(args).errorMessage, operationId).toBeUndefined();
        expect(groupArguments(group.operationIds).safeParse(args).error, operationId).toBeUndefined();
        checked++;
      }
    }
    const preview = validator.getValidator(byName.get('preview_change')?.inputSchema as object);
    for (const [kind, verbs] of Object.entries(managementOperationIds)) {
      const example = operationExamples[verbs.preview] as { params: { workspaceId: number }; body: object };
      const args = { kind, workspaceId: Number(example.params.workspaceId), ...example.body };
      expect(preview(args).errorMessage, kind).toBeUndefined();
      expect(PreviewArguments.safeParse(args).error, kind).toBeUndefined();
      checked++;
    }
    expect(checked).toBeGreaterThan(80);
  });

  it('reaches every operation of the contract: each in one grouped tool or in the management flow', () => {
    const grouped = toolGroups().flatMap((group) => group.operationIds);
    expect(new Set(grouped).size).toBe(grouped.length);
    expect([...grouped, ...flowOperationIds].sort()).toEqual([...operationIds].sort());
    const listedOperations = listed.tools.flatMap(
      (tool) =>
        ((tool.inputSchema.properties?.operation as { enum?: string[] } | undefined)?.enum ?? []) as string[],
    );
    expect(listedOperations.sort()).toEqual([...grouped].sort());
    expect(listed.tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['preview_change', 'commit_change', 'get_operation']),
    );
  });

  it('annotates tools from the operation facts: reads read only, deletes destructive, nothing open-world', () => {
    for (const tool of listed.tools) {
      const role = tool.name.split('_')[0];
      expect(tool.annotations?.openWorldHint, tool.name).toBe(false);
      if (role === 'read')
        expect(tool.annotations, tool.name).toMatchObject({ readOnlyHint: true, destructiveHint: false });
      if (role === 'write')
        expect(tool.annotations, tool.name).toMatchObject({ readOnlyHint: false, destructiveHint: false });
      if (role === 'delete')
        expect(tool.annotations, tool.name).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    }
    // A POST creates again; PUTs alone are idempotent.
    expect(listed.tools.find((tool) => tool.name === 'write_workspaces')?.annotations?.idempotentHint).toBe(
      false,
    );
    expect(listed.tools.find((tool) => tool.name === 'read_auth')?.annotations?.idempotentHint).toBe(true);
    expect(operations.checkAuthData.readsOnly).toBe(true);
  });
});
