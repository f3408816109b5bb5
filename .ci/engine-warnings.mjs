// Fails CI when `npm ci` warns that a direct dependency of the root or of a workspace package does
// not support the running Node (EBADENGINE): the README and every `engines` field promise Node
// 20.19, so such a dependency breaks that promise. Transitive warnings are printed, not fatal.
//   node .ci/engine-warnings.mjs <file with the output of npm ci>
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];

/**
 * Root devDependencies installed under an alias (`npm:name@version`) only to be run by the node22
 * and node24 binaries, each with the reason: their `engines` do not concern Node 20.
 */
export const OTHER_NODE_ONLY = {
  msw3: 'msw 3 needs Node 22.12+: the consumer tests run the mock with it on the node22 and node24 binaries',
};

/**
 * Root devDependencies whose JavaScript is never loaded, each with the reason: only files they ship
 * are used, so their `engines` do not concern the Node that runs the tests.
 */
export const FILES_ONLY = {
  '@sparticuz/chromium':
    'its JavaScript (Node 22+) is never loaded: testing/npm-chromium.ts unpacks its brotli archives of Chromium and NSS itself',
};

/** `name@version` of the FILES_ONLY packages as the lockfile pins them. */
export function filesOnlySpecs(rootDir) {
  const lock = JSON.parse(readFileSync(join(rootDir, 'package-lock.json'), 'utf8'));
  return new Set(
    Object.keys(FILES_ONLY)
      .map((name) => [name, lock.packages?.[`node_modules/${name}`]?.version])
      .filter(([, version]) => typeof version === 'string')
      .map(([name, version]) => `${name}@${version}`),
  );
}

/** `name@version` of every package npm warned about, from npm's EBADENGINE blocks. */
export function engineWarnings(npmOutput) {
  const found = [];
  for (const match of npmOutput.matchAll(/EBADENGINE\s+package: '([^']+)'/g)) found.push(match[1]);
  return [...new Set(found)];
}

/** Names of the direct dependencies of the root package and of every workspace it lists. */
export function directDependencies(rootDir) {
  const read = (dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const root = read(rootDir);
  const names = new Set();
  for (const manifest of [root, ...(root.workspaces ?? []).map((dir) => read(join(rootDir, dir)))]) {
    for (const field of DEPENDENCY_FIELDS)
      for (const name of Object.keys(manifest[field] ?? {})) names.add(name);
  }
  return names;
}

/** `name@version` of the root's OTHER_NODE_ONLY aliases (`"msw3": "npm:msw@3.0.5"` -> `msw@3.0.5`). */
export function otherNodeOnlySpecs(rootDir) {
  const root = JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8'));
  return new Set(
    Object.keys(OTHER_NODE_ONLY)
      .map((alias) => root.devDependencies?.[alias])
      .filter((value) => typeof value === 'string' && value.startsWith('npm:'))
      .map((value) => value.slice('npm:'.length).replace(/@[~^]/, '@')),
  );
}

/** The warnings that concern direct dependencies (`@scope/name@1.2.3` -> `@scope/name`), less the exempt specs. */
export function directEngineWarnings(npmOutput, direct, exempt = new Set()) {
  return engineWarnings(npmOutput).filter(
    (spec) => direct.has(spec.slice(0, spec.lastIndexOf('@'))) && !exempt.has(spec),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const output = readFileSync(process.argv[2] ?? '', 'utf8');
  const all = engineWarnings(output);
  const rootDir = join(fileURLToPath(import.meta.url), '../..');
  const exempt = new Set([...otherNodeOnlySpecs(rootDir), ...filesOnlySpecs(rootDir)]);
  const direct = directEngineWarnings(output, directDependencies(rootDir), exempt);
  if (all.length > direct.length)
    console.log(`== ${all.length - direct.length} transitive EBADENGINE warning(s)`);
  if (direct.length > 0) {
    console.log(`== direct dependencies that do not support node ${process.version} (EBADENGINE):`);
    for (const spec of direct) console.log(`  ${spec}`);
    process.exit(1);
  }
}
