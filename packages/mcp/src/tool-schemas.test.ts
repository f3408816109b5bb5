import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import {
  managementOperationIds,
  type OperationId,
  type OperationSpec,
  operationIds,
  operations,
} from '@wsadmin/contract';
import { operationExamples } from '@wsadmin/contract/examples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inMemorySession } from '../test/in-memory-session';
import { CommitArguments, OperationArguments, PreviewArguments } from './management-tools';
import { flowOperationIds, toolGroups } from './tool-catalogue';
import { exampleArguments } from './tool-examples';
import { groupArguments } from './tool-schemas';

const validator = new AjvJsonSchemaValidator();
type Listed = Awaited<ReturnType<Awaited<ReturnType<typeof inMemorySession>>['mcp']['listTools']>>;

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
        const args = exampleArguments(operationId);
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

  it("publishes examples in every tool's input schema, each accepted by that schema and by the tool's own check", () => {
    const checks: Record<string, { safeParse(value: unknown): { success: boolean } }> = {
      preview_change: PreviewArguments,
      commit_change: CommitArguments,
      get_operation: OperationArguments,
      ...Object.fromEntries(toolGroups().map((group) => [group.name, groupArguments(group.operationIds)])),
    };
    for (const tool of listed.tools) {
      const examples = (tool.inputSchema as { examples?: unknown[] }).examples ?? [];
      expect(examples.length, tool.name).toBeGreaterThan(0);
      const validate = validator.getValidator(tool.inputSchema as object);
      for (const example of examples) {
        expect(validate(example).errorMessage, tool.name).toBeUndefined();
        expect(checks[tool.name]?.safeParse(example).success, tool.name).toBe(true);
      }
    }
    // Derived from the contract's examples: a grouped tool's is the example of one of its operations.
    for (const group of toolGroups()) {
      const tool = listed.tools.find((listedTool) => listedTool.name === group.name);
      const [example] = (tool?.inputSchema.examples ?? []) as { operation: OperationId }[];
      if (!example) throw new Error(`${group.name} has no example`);
      expect(group.operationIds, group.name).toContain(example.operation);
      expect(example, group.name).toEqual(exampleArguments(example.operation));
    }
  });

  it('states the body and query of every operation, in its branch or, for a one-operation tool, at the top', () => {
    type Properties = { properties?: Record<string, unknown> };
    for (const group of toolGroups()) {
      const schema = listed.tools.find((tool) => tool.name === group.name)?.inputSchema as Properties & {
        oneOf?: Properties[];
      };
      for (const [index, operationId] of group.operationIds.entries()) {
        const own = group.operationIds.length === 1 ? schema.properties : schema.oneOf?.[index]?.properties;
        const spec: OperationSpec = operations[operationId];
        if (spec.body) expect(own, operationId).toHaveProperty('body');
        if (spec.query) expect(own, operationId).toHaveProperty('query');
      }
    }
    expect(
      listed.tools.find((tool) => tool.name === 'delete_dimensions')?.inputSchema.properties,
    ).toHaveProperty('body.properties.dimensionIds');
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
