import { describe, expect, it } from 'vitest';
import type { Call, Context } from '../src/call';
import { facadeOperations, facadeSpecials } from '../src/generated/facade-operations';
import { recorder, testClient } from '../src/test-helpers';
import {
  FACADE_SPECIALS,
  type OperationTree,
  probeFacade,
  renderFacadeOperations,
  type ScopeForms,
} from './facade-operations';

/** Dotted names of the leaves of a tree: `workspaces.get`, `memberGroups.rowPermission.set`. */
const leaves = (tree: object, at = ''): string[] =>
  Object.entries(tree).flatMap(([name, value]: [string, unknown]) =>
    typeof value === 'object' && value !== null ? leaves(value, `${at}${name}.`) : [`${at}${name}`],
  );

describe('the generated link table (generated/facade-operations.ts)', () => {
  it('is what probing the facade gives now', () => {
    expect(facadeOperations).toEqual(probeFacade());
    const specials = Object.entries(facadeSpecials).flatMap(([at, names]) => names.map((n) => `${at}.${n}`));
    expect(specials).toEqual([...FACADE_SPECIALS]);
  });

  it('holds every facade method, or names it as a special, and nothing else', () => {
    const { safe, raw, delays, memberGroups, members, management, ...plain } = testClient(
      recorder(() => new Response()).fetch,
    );
    const methods = [
      ...leaves(plain),
      ...[memberGroups(7), memberGroups(7, 2)].flatMap((api) => leaves(api, 'memberGroups.')),
      ...[members(7), members(7, 'u')].flatMap((api) => leaves(api, 'members.')),
      ...leaves(management(7), 'management.'),
    ];
    expect([...new Set(methods)].sort()).toEqual([...leaves(facadeOperations), ...FACADE_SPECIALS].sort());
  });

  it('gives each method the operation it sends, a scope the methods of all its forms', () => {
    const forms: ScopeForms = {};
    const tree = probeFacade(
      ({ call }) => ({
        items: { get: (id: number, o?: object) => call('getWorkspace', { path: { workspaceId: id } }, o) },
        group: (ws: number, id?: number) =>
          id === undefined
            ? { list: () => call('listMemberGroups', { path: { workspaceId: ws } }) }
            : {
                remove: () => call('deleteMemberGroup', { path: { workspaceId: ws, member_groups_pk: id } }),
              },
      }),
      undefined,
      forms,
    );
    expect(tree).toEqual<OperationTree>({
      items: { get: 'getWorkspace' },
      group: { list: 'listMemberGroups', remove: 'deleteMemberGroup' },
    });
    // Each form on its own too, for the generated factory types (one call signature per form).
    expect(forms).toEqual<ScopeForms>({
      group: { 1: { list: 'listMemberGroups' }, 2: { remove: 'deleteMemberGroup' } },
    });
  });

  const loose = (call: Call) => call as unknown as (id: string, input: object) => Promise<unknown>;
  it.each([
    [
      'two requests',
      ({ call }: Context) => ({ both: () => loose(call)('a', {}).then(() => loose(call)('b', {})) }),
    ],
    ['no request', () => ({ nothing: async () => 1 })],
    [
      'a request wrapped in another promise',
      ({ call }: Context) => ({ wrapped: async () => loose(call)('a', {}) }),
    ],
  ])('refuses a method that is not one request (%s), naming it and the fix', (_name, build) => {
    expect(() => probeFacade(build)).toThrow(/^\w+ is not one request .*FACADE_SPECIALS/);
  });

  it('leaves out the named specials', () => {
    const build = () => ({ api: { flow: async () => 1 } });
    expect(probeFacade(build, ['api.flow'])).toEqual({ api: {} });
  });

  it('renders a file that says it is generated, with the specials by API object', () => {
    const text = renderFacadeOperations({ a: { b: 'getScope' } }, ['a.c', 'a.d', 'e.f']);
    expect(text).toMatch(/^\/\/ Generated .*\n\/\/ Do not edit by hand\./);
    expect(text).toContain(
      "export const facadeOperations = {\n  a: {\n    b: 'getScope',\n  },\n} as const;",
    );
    expect(text).toContain("export const facadeSpecials = {\n  a: ['c', 'd'],\n  e: ['f'],\n} as const;");
  });
});
