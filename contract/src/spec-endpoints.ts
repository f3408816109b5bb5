import { managementCollections } from './resources/management-kinds';

/**
 * Reads the method+path pairs out of the endpoint tables of the service specification
 * (`shared/spec/service-interface.md`, outside this repository), so tests can hold the contract
 * against the spec's own text; `contract/spec-endpoints.json` is the repository's copy of them.
 */
export interface SpecEndpoint {
  method: string;
  path: string;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

export function parseSpecEndpoints(markdown: string): SpecEndpoint[] {
  const start = markdown.indexOf('\n## Endpoints');
  const end = markdown.indexOf('\n## ', start + 1);
  if (start < 0) throw new Error('the spec has no "## Endpoints" section');
  const section = markdown.slice(start, end < 0 ? undefined : end);
  const found = new Map<string, SpecEndpoint>();
  let base = '';
  for (const line of section.split('\n')) {
    const prefix = /^(?:Base|Prefix): `([^`]+)`/.exec(line);
    if (prefix?.[1]) base = prefix[1];
    if (line.startsWith('### ')) base = '';
    const cells = line.split('|').map((cell) => cell.trim());
    const method = cells[1];
    const rawPath = cells[2];
    if (!method || !rawPath || !METHODS.has(method)) continue;
    const path = rawPath.startsWith('/') ? rawPath : `${base}${rawPath === '(none)' ? '' : rawPath}`;
    found.set(`${method} ${path}`, { method, path });
  }
  return [...found.values()];
}

/** The management interface's `{collection}` stands for each object kind. */
export function expandCollections(endpoints: SpecEndpoint[]): SpecEndpoint[] {
  return endpoints.flatMap((endpoint) =>
    endpoint.path.includes('{collection}')
      ? managementCollections.map((collection) => ({
          method: endpoint.method,
          path: endpoint.path.replace('{collection}', collection),
        }))
      : [endpoint],
  );
}
