import type { OperationId } from '@wsadmin/contract';
import { routes } from '@wsadmin/contract/routes';

/**
 * Which kind of object an integer identifier names (`workspaces`, `dimensions`, `member-groups`,
 * …), read off the route table's paths, so a recorded workspace 3 and a recorded dimension 3 map
 * to their own replayed ids. Text identifiers (account uids, plan tokens, revisions) are unique
 * across kinds and need none.
 */

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');
const isParam = (segment: string) => segment.startsWith('{');

/** A kind is a literal path segment followed by a parameter (`/dimensions/{id}/`) or ending a GET (a list). */
export const identifierKinds: ReadonlySet<string> = (() => {
  const kinds = new Set<string>();
  for (const route of Object.values(routes)) {
    const segments = segmentsOf(route.path);
    segments.forEach((segment, index) => {
      const next = segments[index + 1];
      if (!isParam(segment) && next !== undefined && isParam(next)) kinds.add(segment);
    });
    const last = segments.at(-1);
    if (route.method === 'get' && last !== undefined && !isParam(last)) kinds.add(last);
  }
  return kinds;
})();

/** The kind of a path parameter: the literal segment before it (`{workspaceId}` -> `workspaces`). */
function paramKind(path: string, name: string): string | undefined {
  const segments = segmentsOf(path);
  const before = segments[segments.indexOf(`{${name}}`) - 1];
  return before === undefined || isParam(before) ? undefined : before;
}

/** Path parameters named the same in every route (`workspaceId`, `member_groups_pk`; not `id`). */
const kindOfParamName: ReadonlyMap<string, string> = (() => {
  const seen = new Map<string, Set<string | undefined>>();
  for (const route of Object.values(routes)) {
    for (const name of Object.keys(route.params)) {
      const kinds = seen.get(name) ?? new Set();
      kinds.add(paramKind(route.path, name));
      seen.set(name, kinds);
    }
  }
  const result = new Map<string, string>();
  for (const [name, kinds] of seen) {
    const [only] = kinds;
    if (kinds.size === 1 && only !== undefined) result.set(name, only);
  }
  return result;
})();

/** The kind of the objects an operation reads or writes: its last parameter's, or its last kind segment. */
export function operationKind(operationId: OperationId): string | undefined {
  const { path } = routes[operationId];
  const segments = segmentsOf(path);
  const last = segments.at(-1);
  if (last !== undefined && isParam(last)) return paramKind(path, last.slice(1, -1));
  const lastParam = segments.findLastIndex(isParam);
  return segments
    .slice(lastParam + 1)
    .filter((segment) => identifierKinds.has(segment))
    .at(-1);
}

/**
 * The kind of path parameter `name` of an operation; after another parameter (impacts'
 * `/{type}/{id}/`), that parameter's value, a kind's path segment.
 */
export function kindOfParam(
  operationId: OperationId,
  name: string,
  params: Readonly<Record<string, string>> = {},
): string | undefined {
  const segments = segmentsOf(routes[operationId].path);
  const before = segments[segments.indexOf(`{${name}}`) - 1];
  if (before === undefined) return undefined;
  return isParam(before) ? params[before.slice(1, -1)] : before;
}

const kebab = (word: string) => word.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The kind of an integer identifier at field `name` of an operation's body or answer, `enclosing`
 * being the field names above it (array indexes and a batch body's list field left out: the
 * `measures`, sic, of `updateDimensions` holds the operation's own objects): a parameter's name
 * (`workspaceId`), a list of ids named after a kind (`dimensionIds`), an `id` inside a field named
 * after a kind (a dimension's `models[0].id`), else the operation's own kind (a record's `id`, a
 * preview's `targetId`).
 */
export function fieldKind(
  operationId: OperationId,
  name: string | undefined,
  enclosing: readonly string[],
): string | undefined {
  if (name !== undefined) {
    const byParam = kindOfParamName.get(name);
    if (byParam !== undefined) return byParam;
    const listed = /^(\w+?)Ids?$/.exec(name)?.[1];
    const kind =
      listed === undefined
        ? undefined
        : [kebab(listed), `${kebab(listed)}s`].find((candidate) => identifierKinds.has(candidate));
    if (kind !== undefined) return kind;
  }
  return enclosing.filter((field) => identifierKinds.has(field)).at(-1) ?? operationKind(operationId);
}
