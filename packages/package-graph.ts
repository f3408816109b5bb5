import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Each workspace package with the workspace packages it depends on, of every kind (dev, peer, optional). */
export type PackageGraph = ReadonlyMap<string, readonly string[]>;

const KINDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;

type Manifest = Record<string, unknown> & { name: string; private?: boolean };

/** The package.json of each of the root package.json's workspaces, with its folder (from the root). */
export function workspaceManifests(root: string): Array<Manifest & { folder: string }> {
  const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  return rootManifest.workspaces.map((folder) => ({
    ...(JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) as Manifest),
    folder,
  }));
}

/** The names of the workspaces that are never published (`"private": true`). */
export function privateWorkspaces(root: string): string[] {
  return workspaceManifests(root)
    .filter((manifest) => manifest.private === true)
    .map((manifest) => manifest.name)
    .sort();
}

/** The graph of the root package.json's workspaces, read from their package.json files. */
export function workspaceGraph(root: string): PackageGraph {
  const manifests = workspaceManifests(root);
  const names = new Set(manifests.map((manifest) => manifest.name));
  return new Map(
    manifests.map((manifest) => [
      manifest.name,
      [
        ...new Set(
          KINDS.flatMap((kind) => Object.keys((manifest[kind] as Record<string, string> | undefined) ?? {})),
        ),
      ]
        .filter((name) => names.has(name))
        .sort(),
    ]),
  );
}

/** Every dependency cycle, each once as a closed path (`a -> b -> a`) starting at its smallest name. */
export function dependencyCycles(graph: PackageGraph): string[] {
  const cycles = new Set<string>();
  const visit = (path: readonly string[]) => {
    const at = path.at(-1) ?? '';
    for (const next of graph.get(at) ?? []) {
      const start = path.indexOf(next);
      if (start >= 0) {
        const loop = path.slice(start);
        const first = loop.indexOf([...loop].sort()[0] ?? '');
        const rotated = [...loop.slice(first), ...loop.slice(0, first)];
        cycles.add([...rotated, rotated[0]].join(' -> '));
      } else {
        visit([...path, next]);
      }
    }
  };
  for (const name of [...graph.keys()].sort()) visit([name]);
  return [...cycles].sort();
}
