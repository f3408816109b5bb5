import type { OperationId } from '@wsadmin/contract';
import { resolved, roleOf, schemaOf } from './contract-schemas';
import type { IdentifierMap } from './id-map';
import { fieldKind } from './identifier-kinds';

/**
 * A recorded query string with its identifiers mapped, read off the operation's query schema: a
 * parameter the schema marks as an identifier is mapped by its kind; a text parameter (a `q`
 * filter) has the identifiers in it mapped as generated names are (`q=Workspace 812` ->
 * `q=Workspace 3`); numbers that are not identifiers (`offset`, `limit`) and parameters the
 * contract does not name are sent as recorded.
 */
export function mappedQuery(operationId: OperationId, search: string, ids: IdentifierMap): string {
  if (search === '' || search === '?') return search;
  const schema = schemaOf(operationId, 'query');
  const properties = schema === undefined ? {} : (resolved(schema.node, schema.defs).node.properties ?? {});
  const query = new URLSearchParams(search);
  const mapped = new URLSearchParams();
  for (const [name, value] of query) {
    const property = properties[name];
    if (property === undefined) {
      mapped.append(name, value);
      continue;
    }
    const { node, refName } = resolved(property, schema?.defs ?? {});
    const role = roleOf(name, node, refName);
    const integer = /^\d+$/.test(value);
    if (role === 'identifier') {
      mapped.append(name, String(ids.map(value, integer ? fieldKind(operationId, name, []) : undefined)));
    } else if (node.type === 'string' && node.format === undefined) {
      mapped.append(name, ids.mapText(value, fieldKind(operationId, undefined, [])));
    } else {
      mapped.append(name, value);
    }
  }
  return `?${mapped.toString()}`;
}
