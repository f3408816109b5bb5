/**
 * The layers of server-core's src/, lowest first (docs/decisions/0010-server-layers.md). A file may
 * import from its own layer and the layers below it, never from one above, and the folders (or root
 * files) of one layer must not import each other in a circle. `layers.test.ts` checks every
 * import of src/ against this table, so a change that points a layer upward fails `npm test`.
 * This checker is test code: it lives in test/, beside src/, and ships in no build.
 */
export const LAYERS: ReadonlyArray<{ name: string; holds: readonly string[] }> = [
  {
    name: 'foundation',
    holds: [
      'errors.ts',
      'zod-issues.ts',
      'serialized-json.ts',
      'canonical-json.ts',
      'clock.ts',
      'bounded-map.ts',
      'semaphore.ts',
    ],
  },
  { name: 'storage', holds: ['storage/'] },
  // Contract field <-> column mappings of every stored resource (issue 21: lockstep by construction).
  { name: 'mappings', holds: ['mappings/'] },
  { name: 'auth', holds: ['auth/', 'rate-limit/'] },
  { name: 'context', holds: ['context.ts'] },
  { name: 'sql', holds: ['sql/'] },
  { name: 'management', holds: ['management/'] },
  { name: 'handlers', holds: ['handlers/'] },
  { name: 'http', holds: ['http/'] },
  { name: 'app', holds: ['app.ts'] },
  // Environment variables and Worker bindings, read alike by every runtime's server.
  { name: 'settings', holds: ['settings/'] },
  // The app on Bun, Deno and Cloudflare Workers: storage, listening, the start (decision 0024).
  { name: 'runtimes', holds: ['runtimes/'] },
  // The package entry only re-exports, so it sits above everything it publishes. (The scenario
  // suite and its targets left for @wsadmin/conformance: decision 0022.)
  {
    name: 'entries',
    holds: ['index.ts', 'server-kit.ts', 'bun.ts', 'deno.ts', 'cloudflare-workers.ts', 'opentelemetry.ts'],
  },
];

/** Where SQL may not be written: these layers reach the database only through sql/ and below. */
export const NO_SQL_IN: readonly string[] = ['handlers/', 'http/', 'app.ts'];

/** Each source file (path relative to src/, `/`-separated) with the files it imports, resolved. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

interface Placement {
  /** A folder (`sql/`) or a root file: the unit that a cycle is reported between. */
  unit: string;
  layer: string;
  rank: number;
}

/** The most specific entry wins (a file named in one layer, inside a folder of another). */
export function placementOf(file: string): Placement | undefined {
  let best: Placement | undefined;
  LAYERS.forEach(({ name, holds }, rank) => {
    for (const held of holds) {
      const matches = held.endsWith('/') ? file.startsWith(held) : file === held;
      if (matches && (!best || held.length > best.unit.length)) best = { unit: held, layer: name, rank };
    }
  });
  return best;
}

/** Readable problems of the graph, one per line; none when every import points down. */
export function checkImportGraph(graph: ImportGraph): string[] {
  const problems: string[] = [];
  const edges = new Map<string, Set<string>>();
  for (const [file, imports] of graph) {
    const from = placementOf(file);
    if (!from) {
      problems.push(`${file} is in no layer: add its folder to LAYERS in layers.ts`);
      continue;
    }
    for (const target of imports) {
      const to = placementOf(target);
      if (!graph.has(target) || !to) {
        problems.push(`${file} imports ${target}, which is not a source file in a layer`);
      } else if (to.rank > from.rank) {
        problems.push(
          `${file} (layer ${from.layer}) imports ${target} (layer ${to.layer}), a higher layer: ` +
            'move what it needs down, or the importing code up',
        );
      } else if (to.unit !== from.unit) {
        edges.set(from.unit, (edges.get(from.unit) ?? new Set()).add(to.unit));
      }
    }
  }
  for (const cycle of unitCycles(edges)) problems.push(`import cycle between folders: ${cycle.join(' -> ')}`);
  return problems;
}

/** Folders whose files must not import each other in a circle either (a port and its opener apart). */
export const NO_FILE_CYCLES_IN: readonly string[] = ['storage/'];

/** The import cycles between files of `folder`, each as a closed path; none when it has none. */
export function fileCycles(graph: ImportGraph, folder: string): string[] {
  const edges = new Map<string, Set<string>>();
  for (const [file, imports] of graph)
    if (file.startsWith(folder))
      edges.set(file, new Set(imports.filter((target) => target.startsWith(folder))));
  return unitCycles(edges).map((cycle) => `import cycle between files of ${folder}: ${cycle.join(' -> ')}`);
}

/** One cycle per strongly connected group of units (Tarjan), as a closed path `a -> b -> a`. */
function unitCycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (unit: string) => {
    index.set(unit, index.size);
    low.set(unit, index.get(unit) ?? 0);
    stack.push(unit);
    for (const next of edges.get(unit) ?? []) {
      if (!index.has(next)) visit(next);
      if (stack.includes(next)) low.set(unit, Math.min(low.get(unit) ?? 0, low.get(next) ?? 0));
    }
    if (low.get(unit) !== index.get(unit)) return;
    const group = stack.splice(stack.indexOf(unit));
    if (group.length > 1) cycles.push(closedPath(group, edges));
  };
  for (const unit of [...edges.keys()].sort()) if (!index.has(unit)) visit(unit);
  return cycles;
}

/** The shortest path from the group's first unit back to itself, following real edges (breadth first). */
function closedPath(group: string[], edges: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const members = new Set(group);
  const start = [...group].sort()[0] ?? '';
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
    for (const next of [...(edges.get(at) ?? [])].sort()) {
      if (!members.has(next) || cameFrom.has(next)) continue;
      cameFrom.set(next, at);
      if (next === start) queue.length = 0;
      else queue.push(next);
    }
  }
  const path = [start];
  for (let at = cameFrom.get(start); at !== undefined && at !== start; at = cameFrom.get(at))
    path.unshift(at);
  return [start, ...path];
}

const SQL = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql`/;

/** A problem when a file of a no-SQL layer builds a query itself. */
export function checkNoSql(file: string, source: string): string | undefined {
  if (!NO_SQL_IN.some((place) => (place.endsWith('/') ? file.startsWith(place) : file === place))) return;
  const match = SQL.exec(source);
  if (match) return `${file} writes SQL (${match[0]}): move the statement into sql/ and call it`;
  return undefined;
}

const SPECIFIERS = [
  /\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /^\s*import\s*['"]([^'"]+)['"]/gm,
];

/**
 * The source files that `file` imports, resolved against the set of existing files (a folder means
 * its index.ts). Package imports are not part of the graph and are left out.
 */
export function importsOf(file: string, source: string, exists: (path: string) => boolean): string[] {
  const found = new Set<string>();
  for (const pattern of SPECIFIERS) {
    for (const [, specifier = ''] of source.matchAll(pattern)) {
      if (!specifier.startsWith('.')) continue;
      const joined = normalize(`${file.split('/').slice(0, -1).join('/')}/${specifier}`);
      const resolved = [`${joined}.ts`, `${joined}/index.ts`, joined].find(exists);
      found.add(resolved ?? joined);
    }
  }
  return [...found];
}

function normalize(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    // Past the top of src/ stays visible ('..'), so the import resolves to no source file.
    if (part === '..' && parts.length > 0 && parts.at(-1) !== '..') parts.pop();
    else parts.push(part);
  }
  return parts.join('/');
}
