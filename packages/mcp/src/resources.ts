import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { ReadResourceResult, Resource, ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import { ManagementCollection, managementCollections } from '@wsadmin/contract';
import { changeSchemaOf } from './management-tools';
import { callOperation } from './operation-call';
import type { SessionContext } from './session-context';

export const OPENAPI_URI = 'wsadmin://openapi.json';
export const WORKSPACES_URI = 'wsadmin://workspaces';
const CHANGE_SCHEMA_PREFIX = 'wsadmin://change-schemas/';

/** The resources every session lists. */
export const resourceList: Resource[] = [
  {
    uri: OPENAPI_URI,
    name: 'openapi',
    title: 'OpenAPI document of the service',
    description: 'Every operation with its full description, parameters, schemas and error codes.',
    mimeType: 'application/json',
  },
  {
    uri: WORKSPACES_URI,
    name: 'workspaces',
    title: 'Workspaces the key can reach',
    description: 'The workspace list (listWorkspaces), read when the resource is read.',
    mimeType: 'application/json',
  },
];

export const resourceTemplates: ResourceTemplate[] = [
  {
    uriTemplate: `${CHANGE_SCHEMA_PREFIX}{kind}`,
    name: 'change-schema',
    title: 'JSON Schema of a preview_change of one kind',
    description: `The preview request of a kind (${managementCollections.join(', ')}): the \`changes\` of create, update and delete.`,
    mimeType: 'application/schema+json',
  },
];

/** The contract's OpenAPI document, as the package ships it. */
async function openApiText(): Promise<string> {
  const path = createRequire(import.meta.url).resolve('@wsadmin/contract/openapi.json');
  return readFile(path, 'utf8');
}

const json = (uri: string, value: unknown, mimeType = 'application/json'): ReadResourceResult => ({
  contents: [{ uri, mimeType, text: JSON.stringify(value, null, 2) }],
});

/** Reads one resource; an unknown URI or a failed read throws (a protocol error, as MCP has it). */
export async function readResource(uri: string, session: SessionContext): Promise<ReadResourceResult> {
  if (uri === OPENAPI_URI)
    return { contents: [{ uri, mimeType: 'application/json', text: await openApiText() }] };
  if (uri === WORKSPACES_URI) {
    const outcome = await callOperation(session.client, 'listWorkspaces', {});
    if (!outcome.ok) throw new Error(`listWorkspaces failed: ${outcome.errmsg}`);
    return json(uri, outcome.data);
  }
  if (uri.startsWith(CHANGE_SCHEMA_PREFIX)) {
    const kind = ManagementCollection.safeParse(uri.slice(CHANGE_SCHEMA_PREFIX.length));
    if (kind.success) return json(uri, changeSchemaOf(kind.data), 'application/schema+json');
  }
  throw new Error(`unknown resource: ${uri}`);
}
