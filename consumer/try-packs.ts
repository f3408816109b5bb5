import { join } from 'node:path';
import { workspaceManifests } from '../packages/package-graph';

/** The kinds of dependency npm installs for a consumer (not devDependencies). */
const INSTALLED_KINDS = ['dependencies', 'optionalDependencies', 'peerDependencies'] as const;

type Manifest = ReturnType<typeof workspaceManifests>[number];

/** The workspace packages that are published (not `"private": true`), in the root's workspace order. */
export function publicPackages(root: string): Array<{ name: string; folder: string; version: string }> {
  return workspaceManifests(root)
    .filter((manifest) => manifest.private !== true)
    .map((manifest) => ({ name: manifest.name, folder: manifest.folder, version: String(manifest.version) }));
}

/** The file `npm pack` writes for a package: `@wsadmin/sdk` 0.1.0 is `wsadmin-sdk-0.1.0.tgz`. */
export function tarballName(name: string, version: string): string {
  return `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;
}

/**
 * `name` and every published workspace package it needs installed beside it, transitively, read from
 * the package.json files: until they are on a registry npm can find each of them only as a tarball.
 * `name` comes first, the others in the root's workspace order.
 */
export function tarballsNeeded(root: string, name: string): string[] {
  const manifests = new Map<string, Manifest>(
    workspaceManifests(root)
      .filter((manifest) => manifest.private !== true)
      .map((manifest) => [manifest.name, manifest]),
  );
  if (!manifests.has(name)) throw new Error(`${name} is not a published workspace package`);
  const needed = new Set<string>();
  const visit = (current: string) => {
    const manifest = manifests.get(current);
    if (!manifest || needed.has(current)) return;
    needed.add(current);
    for (const kind of INSTALLED_KINDS) {
      for (const dependency of Object.keys((manifest[kind] as Record<string, string> | undefined) ?? {}))
        visit(dependency);
    }
  };
  visit(name);
  return [name, ...[...manifests.keys()].filter((other) => other !== name && needed.has(other))];
}

/** A path as one shell word (POSIX quoting only where the path needs it). */
function shellWord(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replaceAll("'", `'\\''`)}'`;
}

/** The `npm install` line of each published package, with the tarballs in `folder` it needs. */
export function installLines(root: string, folder: string): Array<{ name: string; line: string }> {
  const versions = new Map(publicPackages(root).map((pkg) => [pkg.name, pkg.version]));
  return publicPackages(root).map(({ name }) => ({
    name,
    line: [
      'npm install',
      ...tarballsNeeded(root, name).map((needed) =>
        shellWord(join(folder, tarballName(needed, versions.get(needed) ?? ''))),
      ),
    ].join(' '),
  }));
}
