/**
 * `npm run pack:try [-- --out <folder>] [--no-pack]`: builds and packs every published package into
 * one folder (`.packs/` by default), the way the consumer tests pack them (consumer/harness.ts
 * packAll), then prints for each package the `npm install` line that installs it from there: its
 * tarball and those of the workspace packages it depends on (docs/releasing.md, "Try the packages
 * before they are published"). `--no-pack` prints the lines for tarballs already in the folder.
 */
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { packAll, REPO_ROOT } from './harness';
import { installLines, publicPackages, tarballName } from './try-packs';

const USAGE = 'Usage: npm run pack:try [-- --out <folder>] [--no-pack]';

function parse(args: readonly string[]): { folder: string; pack: boolean } {
  let folder = resolve(REPO_ROOT, '.packs');
  let pack = true;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    const value = args[index + 1];
    if (arg === '--out' && value && !value.startsWith('--')) {
      // Relative to where the command was typed: npm runs scripts in the root, INIT_CWD is the caller's folder.
      folder = resolve(process.env.INIT_CWD ?? process.cwd(), value);
      index++;
    } else if (arg === '--no-pack') pack = false;
    else throw new Error(`bad argument ${arg ?? ''}\n${USAGE}`);
  }
  return { folder, pack };
}

try {
  const { folder, pack } = parse(process.argv.slice(2));
  const packages = publicPackages(REPO_ROOT);
  if (pack) {
    console.log(`Building and packing ${packages.length} packages into ${folder} …`);
    await packAll(folder);
  }
  const missing = packages
    .map((pkg) => tarballName(pkg.name, pkg.version))
    .filter((file) => !existsSync(resolve(folder, file)));
  if (missing.length > 0)
    throw new Error(
      `no ${missing.join(', ')} in ${folder}${pack ? '' : ' (run without --no-pack to pack them)'}`,
    );
  const shown = relative(process.cwd(), folder) || '.';
  console.log(
    [
      `${packages.length} packages packed in ${shown}/. They are not on the npm registry yet: to try one, run its line in a project of your own`,
      '(a folder with a package.json, or an empty one: npm creates it). Each line names the tarballs of the @wsadmin packages it needs.',
      '',
      ...installLines(REPO_ROOT, folder).flatMap(({ name, line }) => [`${name}:`, `  ${line}`]),
    ].join('\n'),
  );
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
