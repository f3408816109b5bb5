import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { operations } from '../all-operations';
import { IdParam } from '../primitives';
import { AccountCreate } from './accounts';
import { DimensionCreate } from './dimensions';
import { dimensionKind } from './management-kinds';
import { RowPermissionSettingInput } from './permissions';
import { WorkspaceCreate } from './workspaces';

const mapping = { choice: { '1': 'yes' }, typeBeforeMap: 'int', typeAfterMap: 'string' };

/** [name, { schema, given, want: true = accepted | the path of the first issue }] */
const cases: Array<[string, { schema: z.ZodType; given: unknown; want: true | string }]> = [
  ['workspace create: every field optional', { schema: WorkspaceCreate, given: {}, want: true }],
  ['workspace create: hc1 spelling', { schema: WorkspaceCreate, given: { hc1: true }, want: true }],
  ['workspace create: hcl accepted as alias', { schema: WorkspaceCreate, given: { hcl: true }, want: true }],
  [
    'workspace create: adapter must be an integer',
    { schema: WorkspaceCreate, given: { adapter: '1' }, want: 'adapter' },
  ],
  ['workspace create: unknown field refused', { schema: WorkspaceCreate, given: { nmae: 'x' }, want: '' }],
  [
    'workspace create: 1 MB name refused',
    { schema: WorkspaceCreate, given: { name: 'x'.repeat(1 << 20) }, want: 'name' },
  ],
  [
    'dimension: mapping needs baseField',
    { schema: DimensionCreate, given: { type: 'mapping', format: 'text', names: ['x'] }, want: 'baseField' },
  ],
  [
    'dimension: mapping with baseField',
    {
      schema: DimensionCreate,
      given: { type: 'mapping', format: 'text', names: ['x'], baseField: mapping },
      want: true,
    },
  ],
  [
    'dimension: baseField refused without mapping',
    {
      schema: DimensionCreate,
      given: { type: 'string', format: 't', names: ['x'], baseField: mapping },
      want: 'baseField',
    },
  ],
  [
    'dimension: names must not be empty',
    { schema: DimensionCreate, given: { type: 'string', format: 't', names: [] }, want: 'names' },
  ],
  [
    'dimension: unknown type',
    { schema: DimensionCreate, given: { type: 'blob', format: 't', names: ['x'] }, want: 'type' },
  ],
  [
    'management dimension update: explicit null clears baseField',
    { schema: dimensionKind.updateChanges, given: { baseField: null }, want: true },
  ],
  [
    'row rule: operator must be one of five',
    {
      schema: RowPermissionSettingInput,
      given: {
        rowPermissionMode: 1,
        rowPermission: [{ effect: 'allow', resource: 'x', values: [], operator: 'like' }],
      },
      want: 'rowPermission.0.operator',
    },
  ],
  [
    'row rule: modelUids must not be empty when given',
    {
      schema: RowPermissionSettingInput,
      given: {
        rowPermissionMode: 2,
        rowPermission: [{ effect: 'deny', resource: 'x', values: ['a'], operator: 'equal', modelUids: [] }],
      },
      want: 'rowPermission.0.modelUids',
    },
  ],
  [
    'row mode: only 1 or 2',
    {
      schema: RowPermissionSettingInput,
      given: { rowPermissionMode: 3, rowPermission: [] },
      want: 'rowPermissionMode',
    },
  ],
  ['account: uid must be uuid4', { schema: AccountCreate, given: { uid: 'not-a-uuid' }, want: 'uid' }],
  ['account: e-mail checked', { schema: AccountCreate, given: { email: 'nope' }, want: 'email' }],
  ['account: empty e-mail allowed', { schema: AccountCreate, given: { email: '' }, want: true }],
  ['path id: digits only', { schema: IdParam, given: '12abc', want: '' }],
  ['path id: zero refused', { schema: IdParam, given: '0', want: '' }],
  ['path id: digits accepted', { schema: IdParam, given: '42', want: true }],
];

describe('contract schemas', () => {
  it.each(cases)('%s', (_name, { schema, given, want }) => {
    const result = schema.safeParse(given);
    if (want === true) {
      expect(result.error?.issues ?? []).toEqual([]);
      return;
    }
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path.join('.')).toBe(want);
  });
});

describe('operation bodies', () => {
  const idempotency = operations.createManagedDimension.headers;

  it.each([
    ['a uuid', 'b3f1c1de-7a51-4c1e-9d2e-5b0c1f6f1a11', true],
    ['128 characters', 'k'.repeat(128), true],
    ['129 characters', 'k'.repeat(129), false],
    ['empty', '', false],
    ['two keys joined by a repeated header', 'a, b', false],
  ])('Idempotency-Key: %s', (_name, key, accepted) => {
    expect(idempotency.safeParse({ 'Idempotency-Key': key }).success).toBe(accepted);
  });

  it.each([
    [
      'under the spec key measures',
      { measures: [{ id: 1, type: 'string', format: 't', names: ['x'] }] },
      true,
    ],
    [
      'under the alias dimensions',
      { dimensions: [{ id: 1, type: 'string', format: 't', names: ['x'] }] },
      true,
    ],
    ['under neither', { items: [] }, false],
  ])('update-dimensions items %s', (_name, body, accepted) => {
    expect(operations.updateDimensions.body.safeParse(body).success).toBe(accepted);
  });

  it.each([
    ['the single form', { effect: 'deny', resource: ['m1'] }, true],
    [
      'the batch form',
      {
        memberModelPermission: [
          { memberUid: crypto.randomUUID(), modelPermission: { effect: 'allow', resource: [] } },
        ],
      },
      true,
    ],
    ['an unknown effect', { effect: 'forbid', resource: [] }, false],
  ])('member model permission accepts %s', (_name, body, accepted) => {
    expect(operations.setMemberModelPermission.body.safeParse(body).success).toBe(accepted);
  });

  it.each([
    [
      'create without targetId',
      { action: 'create', changes: { type: 'string', format: 't', names: ['x'] } },
      true,
    ],
    ['update needs targetId and revision', { action: 'update', changes: {} }, false],
    ['delete with {} changes', { action: 'delete', targetId: 1, revision: 'r1', changes: {} }, true],
    [
      'delete with changes',
      { action: 'delete', targetId: 1, revision: 'r1', changes: { format: 'x' } },
      false,
    ],
    ['an unknown action', { action: 'remove', targetId: 1, revision: 'r1', changes: {} }, false],
  ])('dimension preview: %s', (_name, body, accepted) => {
    expect(operations.previewDimensionChange.body.safeParse(body).success).toBe(accepted);
  });
});
