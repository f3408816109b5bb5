import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Keeps the document just published as the one the compatibility check compares with
 * (`contract/released/`), with the SDK version it was released in. `@wsadmin/contract`'s
 * `postpublish` runs it, so `npx changeset publish` leaves it changed, to commit with the release.
 */
export function recordRelease(root: string): string {
  const { version } = JSON.parse(readFileSync(join(root, 'packages', 'sdk', 'package.json'), 'utf8')) as {
    version: string;
  };
  const released = join(root, 'contract', 'released');
  mkdirSync(released, { recursive: true });
  copyFileSync(join(root, 'contract', 'openapi.json'), join(released, 'openapi.json'));
  writeFileSync(join(released, 'version.json'), `${JSON.stringify({ version }, null, 2)}\n`);
  return version;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // `npm publish --dry-run` runs the lifecycle scripts too; nothing was released then.
  if (process.env.npm_config_dry_run === 'true') process.exit(0);
  const version = recordRelease(fileURLToPath(new URL('../..', import.meta.url)));
  console.error(`contract/released/: the OpenAPI document of ${version}; commit it with the release`);
}
