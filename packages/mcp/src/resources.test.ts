import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inMemorySession } from '../test/in-memory-session';

let session: Awaited<ReturnType<typeof inMemorySession>>;
beforeAll(async () => {
  session = await inMemorySession({ scenario: { seed: { workspaces: [{ name: 'Sales' }] } } });
});
afterAll(() => session.close());

const textOfResource = async (uri: string) => {
  const { contents } = await session.mcp.readResource({ uri });
  const first = contents[0];
  return first && 'text' in first ? first.text : '';
};

describe('resources and the prompt', () => {
  it('lists the OpenAPI document and the workspace list, and reads both', async () => {
    const { resources } = await session.mcp.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual([
      'wsadmin://openapi.json',
      'wsadmin://workspaces',
    ]);
    const document = JSON.parse(await textOfResource('wsadmin://openapi.json')) as {
      openapi: string;
      paths: object;
    };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths).length).toBeGreaterThan(40);
    const workspaces = JSON.parse(await textOfResource('wsadmin://workspaces')) as { name: string }[];
    expect(workspaces.map((workspace) => workspace.name)).toEqual(['Sales']);
  });

  it("serves each kind's change schema, the one preview_change checks", async () => {
    const { resourceTemplates } = await session.mcp.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual([
      'wsadmin://change-schemas/{kind}',
    ]);
    const schema = JSON.parse(await textOfResource('wsadmin://change-schemas/dimensions')) as object;
    expect(JSON.stringify(schema)).toContain('"action"');
    await expect(session.mcp.readResource({ uri: 'wsadmin://change-schemas/nothing' })).rejects.toThrow(
      /unknown resource/,
    );
  });

  it('offers the prompt for changing a dimension or a permission safely', async () => {
    const { prompts } = await session.mcp.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual(['change_safely']);
    const prompt = await session.mcp.getPrompt({
      name: 'change_safely',
      arguments: { workspaceId: '1', change: 'rename dimension 3 to Region' },
    });
    const first = prompt.messages[0]?.content;
    const text = first?.type === 'text' ? first.text : '';
    expect(text).toContain('rename dimension 3 to Region');
    expect(text).toMatch(/preview_change[\s\S]*commit_change[\s\S]*unknown/);
  });
});
