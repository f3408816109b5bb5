import { managementKinds, routes } from '../src/route-table';
import { QUERY_POSTS } from '../src/tanstack-query/derive';
import type { ManagementCollection, OperationId } from '../src/types';
import { FACADE_SPECIALS, type OperationTree, probeFacade, type ScopeForms } from './facade-operations';

/**
 * Renders `packages/sdk/src/generated/query-factories.ts`: the types of the factories `tanstack-query/derive.ts`
 * builds, one line per facade method, so the query layer holds no type-level walk of the facade and
 * an editor shows each factory by the method it calls (decision 0018).
 */

const reads = (id: OperationId) => routes[id].method === 'get' || QUERY_POSTS.has(id);

/** The factory type of the method at `method` (a type expression) sending `id`. */
function factoryOf(id: OperationId, method: string): string {
  if (reads(id)) return `Query<${method}, '${id}'>`;
  return routes[id].body ? `BodyMutation<${method}>` : `Mutation<${method}>`;
}

/** The key of read `id` and the values filling it, as `tanstack-query/keys.ts` builds them. */
function readKeyOf(id: OperationId): string {
  const path = `...RoutePaths['${id}']`;
  const [extra, values] = id.startsWith('list')
    ? routes[id].query
      ? [`'list', query: QueryParams<'${id}'>`, `query?: QueryParams<'${id}'>`]
      : [`'list'`, '']
    : routes[id].body
      ? [`body: OperationBodies['${id}']`, `body: OperationBodies['${id}']`]
      : ['', ''];
  const tuple = (...items: string[]) => `[${items.filter(Boolean).join(', ')}]`;
  return `{ key: readonly ${tuple("'wsadmin'", `${path}['segments']`, extra)}; values: ${tuple(`${path}['values']`, values)} }`;
}

const operationIds = Object.keys(routes) as OperationId[];

/** POSTs that change nothing yet are mutations, run on demand: the login check and the previews. */
const ON_DEMAND: readonly OperationId[] = [
  'checkAuthData',
  ...Object.values(managementKinds).map((kind) => kind.operations.preview),
];
/** The operations that change something, each of which needs an entry in `tanstack-query/invalidation.ts`. */
const writesOf = () => operationIds.filter((id) => !reads(id) && !ON_DEMAND.includes(id));

/**
 * The writes of configuration objects, by kind: the kind's commits, and the writes of its legacy
 * endpoints (every non-GET below the path of its `legacyViews.list`).
 */
function objectWritesOf(): Array<[OperationId, ManagementCollection]> {
  return (Object.keys(managementKinds) as ManagementCollection[]).flatMap((kind) => {
    const { operations, legacyViews } = managementKinds[kind];
    const legacy =
      'list' in legacyViews
        ? operationIds.filter(
            (id) => routes[id].method !== 'get' && routes[id].path.startsWith(routes[legacyViews.list].path),
          )
        : [];
    return [operations.create, operations.update, operations.remove, ...legacy].map(
      (id): [OperationId, ManagementCollection] => [id, kind],
    );
  });
}

/** The writes of a setting: `setX` at the path of the read `getX`, which is all they make stale. */
function settingWritesOf(): Array<[OperationId, OperationId]> {
  return operationIds.flatMap((id) => {
    const read = id.replace(/^set/, 'get') as OperationId;
    return id.startsWith('set') && routes[read]?.path === routes[id].path ? [[id, read]] : [];
  });
}

/** The file, from the facade's link table and the methods of each form of its scopes. */
export function renderQueryFactories(
  forms: ScopeForms = {},
  tree: OperationTree = probeFacade(undefined, undefined, forms),
): string {
  const readIds = new Set<OperationId>();
  const bodies = new Map<OperationId, string[]>();
  const members = (node: OperationTree, at: string, dotted: string, indent: string): string[] =>
    Object.entries(node).flatMap(([name, child]) => {
      const method = `${at}['${name}']`;
      if (typeof child === 'string') {
        const id = child as OperationId;
        if (reads(id)) readIds.add(id);
        if (routes[id].body) bodies.set(id, [...(bodies.get(id) ?? []), `Body<${method}>`]);
        return [`${indent}readonly ${name}: ${factoryOf(id, method)};`];
      }
      const scope = forms[`${dotted}${name}`];
      // An object with hand-written factories (`FACADE_SPECIALS`) adds them, as `tanstack-query/index.ts` types them.
      const close = `}${FACADE_SPECIALS.some((special) => special.startsWith(`${dotted}${name}.`)) ? ` & HandWritten<'${dotted}${name}'>` : ''};`;
      if (!scope)
        return [
          `${indent}readonly ${name}: {`,
          ...members(child, method, `${dotted}${name}.`, `${indent}  `),
          `${indent}${close}`,
        ];
      return [
        `${indent}readonly ${name}: {`,
        ...Object.entries(scope).flatMap(([arity, form]) => [
          `${indent}  (...values: Form<${method}, ${arity}>[0]): {`,
          ...members(form, `Form<${method}, ${arity}>[1]`, `${dotted}${name}.`, `${indent}    `),
          `${indent}  ${close}`,
        ]),
        `${indent}};`,
      ];
    });
  const facade = members(tree, 'F', '', '  ');
  return [
    '// Generated by `npm run generate` from the facade (packages/sdk/scripts/query-factories.ts).',
    '// Do not edit by hand.',
    '',
    "import type { Facade as F } from '../client';",
    "import type { HandWritten } from '../tanstack-query/index';",
    "import type { Body, BodyMutation, Form, Mutation, Query } from '../tanstack-query/options';",
    "import type { QueryParams } from '../types';",
    "import type { RoutePaths } from './route-paths';",
    '',
    '/** The query factories of the facade, as `tanstack-query/derive.ts` builds them, with the hand-written ones. */',
    'export interface FacadeQueries {',
    ...facade,
    '}',
    '',
    '/**',
    " * The key of each read (its query factory's, `wsadminKeys.of`'s) and the values filling it: the URL's",
    " * segments, then `'list'` and the query for a list (optional among the values), or a POST read's body.",
    ' */',
    'export interface ReadKeys {',
    ...[...readIds].map((id) => `  ${id}: ${readKeyOf(id)};`),
    '}',
    '',
    '/** The operations the query factories read (GETs and the POSTs that read). */',
    'export type ReadId = keyof ReadKeys;',
    '',
    '/** The operations that change something: every non-GET but the POSTs that read, the login check and the previews. */',
    'export type WritingOperationId =',
    ...writesOf().map((id, i, all) => `  | '${id}'${i === all.length - 1 ? ';' : ''}`),
    '',
    "/** The writes of configuration objects and their kind: commits, and legacy writes below the kind's legacy list. */",
    'export const objectWrites = {',
    ...objectWritesOf().map(([id, kind]) => `  ${id}: '${kind}',`),
    '} as const;',
    '',
    '/** The writes of a setting (`setX` at the path of `getX`) and the one read each makes stale. */',
    'export const settingWrites = {',
    ...settingWritesOf().map(([id, read]) => `  ${id}: '${read}',`),
    '} as const;',
    '',
    '/** The body of each operation that has one: the last argument of the facade methods sending it. */',
    'export interface OperationBodies {',
    ...[...bodies].map(([id, types]) => `  ${id}: ${types.join(' | ')};`),
    '}',
    '',
  ].join('\n');
}
