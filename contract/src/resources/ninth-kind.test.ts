import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { renderRoutes } from '../../scripts/render-route-table';
import { NonEmptyShortText } from '../primitives';
import { kindOperations } from './management';
import { defineKind, managementKinds, managementOperationIdOf, managementVerbs } from './management-kinds';

/**
 * A ninth kind is one `defineKind` entry (its schemas) added to the kinds list: its operationIds,
 * its six operations and its entry in the SDK's generated kinds table all follow. This throwaway
 * kind is never added to the list; the test builds what the list would build from it.
 */
const gadgetKind = defineKind({
  collection: 'gadgets',
  schemaName: 'Gadget',
  plural: 'Gadgets',
  facade: 'gadgets',
  label: 'gadget',
  readOnly: {},
  required: { name: NonEmptyShortText },
  optional: { weight: z.number().int() },
  defaults: { weight: 0 },
  usedByModels: false,
  references: {},
  sourceBinding: null,
  uniqueKeyword: false,
  legacyViews: {},
});

describe('a ninth kind', () => {
  it('gets its six operationIds from the naming rule, in types and at run time', () => {
    expectTypeOf(managementOperationIdOf(gadgetKind, 'list')).toEqualTypeOf<'listManagedGadgets'>();
    expectTypeOf(managementOperationIdOf(gadgetKind, 'remove')).toEqualTypeOf<'deleteManagedGadget'>();
    expect(managementVerbs.map((verb) => managementOperationIdOf(gadgetKind, verb))).toEqual([
      'listManagedGadgets',
      'getManagedGadget',
      'previewGadgetChange',
      'createManagedGadget',
      'updateManagedGadget',
      'deleteManagedGadget',
    ]);
  });

  it('gets its six operations, with methods and paths under its collection', () => {
    // kindOperations is typed for the declared kinds; at run time it takes any defineKind result.
    const operations = kindOperations(gadgetKind as unknown as (typeof managementKinds)['sops']);
    const base = '/openapi/v1/workspaces/{workspaceId}/management/gadgets/';
    expect(managementVerbs.map((verb) => [verb, operations[verb].method, operations[verb].path])).toEqual([
      ['list', 'get', base],
      ['get', 'get', `${base}{id}/`],
      ['preview', 'post', `${base}preview/`],
      ['create', 'post', base],
      ['update', 'patch', `${base}{id}/`],
      ['remove', 'delete', `${base}{id}/`],
    ]);
    expect(operations.create.body.safeParse({ changes: { name: 'g' }, planToken: 't' }).success).toBe(true);
    expect(operations.create.body.safeParse({ changes: { weight: 1 }, planToken: 't' }).success).toBe(false);
  });

  it('gets an entry in the SDK kinds table, which the SDK builds its per-kind objects from', () => {
    const rendered = renderRoutes({ paths: {} }, [...Object.values(managementKinds), gadgetKind]);
    expect(rendered).toContain(
      "  'gadgets': {\n    facade: 'gadgets',\n    operations: { list: 'listManagedGadgets', get: 'getManagedGadget', preview: 'previewGadgetChange', create: 'createManagedGadget', update: 'updateManagedGadget', remove: 'deleteManagedGadget' },\n    references: {},\n    legacyViews: {},\n  },",
    );
  });
});
