import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contractChanges } from './changes';

/** A small document in the contract's shape: two operations on one path, one on another, $refs. */
const released = JSON.parse(
  readFileSync(new URL('./fixtures/released.json', import.meta.url), 'utf8'),
) as Fixture;

interface Property {
  type?: string | string[];
  enum?: string[];
  maxLength?: number;
  description?: string;
}
interface Schema {
  properties: Record<string, Property>;
  required: string[];
}
interface Operation {
  operationId?: string;
  parameters?: object[];
  [key: string]: unknown;
}
type Fixture = {
  openapi: string;
  paths: {
    '/workspaces/': { get: Operation; post: Operation };
    '/workspaces/{id}/': { delete?: Operation; get?: Operation };
  };
  components: { schemas: { Workspace: Schema; WorkspaceCreate: Schema } };
};

/** A property the fixture has, for a case to change. */
function field(schema: Schema, name: string): Property {
  const property = schema.properties[name];
  if (!property) throw new Error(`the fixture has no property ${name}`);
  return property;
}

type Change = [breaking: 'breaking' | 'not breaking', operation: string, field: string];
const LIST = 'listWorkspaces (GET /workspaces/)';
const CREATE = 'createWorkspace (POST /workspaces/)';
const DELETE = 'deleteWorkspace (DELETE /workspaces/{id}/)';

// Workspace is in both responses (an item of the list, the created one), so its changes show twice.
describe('contractChanges classifies each change from the released document', () => {
  it.each<[string, { given: (document: Fixture) => void; want: Change[] }]>([
    ['nothing changed', { given: () => {}, want: [] }],
    [
      'a removed response field',
      {
        given: (d) => {
          delete d.components.schemas.Workspace.properties.desc;
        },
        want: [
          ['breaking', LIST, 'response 200 data[].desc'],
          ['breaking', CREATE, 'response 200 data.desc'],
        ],
      },
    ],
    [
      'a removed required response field',
      {
        given: (d) => {
          delete d.components.schemas.Workspace.properties.name;
          d.components.schemas.Workspace.required = ['id', 'status'];
        },
        want: [
          ['breaking', LIST, 'response 200 data[].name'],
          ['breaking', LIST, 'response 200 data[].name (required)'],
          ['breaking', CREATE, 'response 200 data.name'],
          ['breaking', CREATE, 'response 200 data.name (required)'],
        ],
      },
    ],
    [
      'an added response field',
      {
        given: (d) => {
          d.components.schemas.Workspace.properties.color = { type: 'string' };
        },
        want: [
          ['not breaking', LIST, 'response 200 data[].color'],
          ['not breaking', CREATE, 'response 200 data.color'],
        ],
      },
    ],
    [
      'a response field of another type',
      {
        given: (d) => {
          field(d.components.schemas.Workspace, 'id').type = 'string';
        },
        want: [
          ['breaking', LIST, 'response 200 data[].id (type)'],
          ['breaking', CREATE, 'response 200 data.id (type)'],
        ],
      },
    ],
    [
      'a response field that may now be null',
      {
        given: (d) => {
          field(d.components.schemas.Workspace, 'desc').type = ['string', 'null'];
        },
        want: [
          ['breaking', LIST, 'response 200 data[].desc (type)'],
          ['breaking', CREATE, 'response 200 data.desc (type)'],
        ],
      },
    ],
    [
      'a response enum with one value more',
      {
        given: (d) => {
          field(d.components.schemas.Workspace, 'status').enum?.push('deleted');
        },
        want: [
          ['breaking', LIST, 'response 200 data[].status (enum.2)'],
          ['breaking', CREATE, 'response 200 data.status (enum.2)'],
        ],
      },
    ],
    [
      'an added optional request field',
      {
        given: (d) => {
          d.components.schemas.WorkspaceCreate.properties.color = { type: 'string' };
        },
        want: [['not breaking', CREATE, 'request body color']],
      },
    ],
    [
      'an added required request field',
      {
        given: (d) => {
          d.components.schemas.WorkspaceCreate.properties.color = { type: 'string' };
          d.components.schemas.WorkspaceCreate.required.push('color');
        },
        want: [
          ['breaking', CREATE, 'request body color'],
          ['breaking', CREATE, 'request body color (required)'],
        ],
      },
    ],
    [
      'an optional request field made required',
      {
        given: (d) => {
          d.components.schemas.WorkspaceCreate.required.push('kind');
        },
        want: [['breaking', CREATE, 'request body kind (required)']],
      },
    ],
    [
      'a removed request field (the server refuses fields it does not know)',
      {
        given: (d) => {
          delete d.components.schemas.WorkspaceCreate.properties.kind;
        },
        want: [['breaking', CREATE, 'request body kind']],
      },
    ],
    [
      'a lower maxLength on a request field',
      {
        given: (d) => {
          field(d.components.schemas.WorkspaceCreate, 'name').maxLength = 32;
        },
        want: [['breaking', CREATE, 'request body name (maxLength)']],
      },
    ],
    [
      'a higher maxLength on a request field',
      {
        given: (d) => {
          field(d.components.schemas.WorkspaceCreate, 'name').maxLength = 128;
        },
        want: [['not breaking', CREATE, 'request body name (maxLength)']],
      },
    ],
    [
      'a request enum with one value less',
      {
        given: (d) => {
          field(d.components.schemas.WorkspaceCreate, 'kind').enum = ['sales'];
        },
        want: [['breaking', CREATE, 'request body kind (enum.1)']],
      },
    ],
    [
      'a request enum with one value more',
      {
        given: (d) => {
          field(d.components.schemas.WorkspaceCreate, 'kind').enum?.push('hr');
        },
        want: [['not breaking', CREATE, 'request body kind (enum.2)']],
      },
    ],
    [
      'an added required query parameter',
      {
        given: (d) => {
          d.paths['/workspaces/'].get.parameters?.push({
            name: 'q',
            in: 'query',
            required: true,
            schema: { type: 'string' },
          });
        },
        want: [['breaking', LIST, 'parameter q (in query)']],
      },
    ],
    [
      'an added optional query parameter',
      {
        given: (d) => {
          d.paths['/workspaces/'].get.parameters?.push({
            name: 'q',
            in: 'query',
            schema: { type: 'string' },
          });
        },
        want: [['not breaking', LIST, 'parameter q (in query)']],
      },
    ],
    [
      'a removed operation',
      {
        given: (d) => {
          delete d.paths['/workspaces/{id}/'].delete;
        },
        want: [['breaking', DELETE, 'the operation']],
      },
    ],
    [
      'an added operation',
      {
        given: (d) => {
          d.paths['/workspaces/{id}/'].get = {
            operationId: 'getWorkspace',
            responses: { '200': { description: 'Success' } },
          };
        },
        want: [['not breaking', 'getWorkspace (GET /workspaces/{id}/)', 'the operation']],
      },
    ],
    [
      'a reworded description',
      {
        given: (d) => {
          field(d.components.schemas.WorkspaceCreate, 'name').description = 'Shown in lists and menus.';
        },
        want: [['not breaking', CREATE, 'request body name (description)']],
      },
    ],
  ])('%s', (_name, { given, want }) => {
    const after = structuredClone(released);
    given(after);
    const changes = contractChanges(released, after).map(
      ({ breaking, operation, field }): Change => [breaking ? 'breaking' : 'not breaking', operation, field],
    );
    expect(changes).toEqual(want);
  });

  it('says what changed in words', () => {
    const after = structuredClone(released);
    delete after.components.schemas.Workspace.properties.desc;
    expect(contractChanges(released, after)[1]?.description).toBe(
      'removed property `desc` from `data` in Response 200 content (application/json)',
    );
  });
});
