import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import getReleasePlan from '@changesets/get-release-plan';
import type { ContractChange } from './changes';

/** The package whose users a breaking change of the document breaks. */
export const SDK = '@wsadmin/sdk';

export type Bump = 'none' | 'patch' | 'minor' | 'major';
const ORDER: readonly Bump[] = ['none', 'patch', 'minor', 'major'];
const atLeast = (bump: Bump, wanted: Bump) => ORDER.indexOf(bump) >= ORDER.indexOf(wanted);

/** Where the SDK stands between two releases. */
export interface SdkRelease {
  /** Its version in package.json: moved by `npx changeset version`, else still the last release's. */
  version: string;
  /** The largest bump a pending changeset (`.changeset/*.md`) names for the SDK itself. */
  announced: Bump;
}

/**
 * Only changesets that name the SDK count: the five packages move together (`fixed`), but a bump
 * that another package's changeset brings along leaves the SDK's changelog silent about the break.
 */
export async function sdkRelease(root: string): Promise<SdkRelease> {
  const plan = await getReleasePlan(root);
  const bumps = plan.changesets.flatMap((changeset) =>
    changeset.releases.filter((release) => release.name === SDK).map((release): Bump => release.type),
  );
  const manifest = JSON.parse(await readFile(join(root, 'packages', 'sdk', 'package.json'), 'utf8')) as {
    version: string;
  };
  return {
    version: manifest.version,
    announced: bumps.reduce<Bump>((a, b) => (atLeast(a, b) ? a : b), 'none'),
  };
}

function parse(version: string): [major: number, minor: number, patch: number] {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!match) throw new Error(`"${version}" is not a semver version`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** The bump a breaking change needs after `released`: major, or minor while the major is 0 (0.x semver). */
export function breakingBump(released: string): 'major' | 'minor' {
  return parse(released)[0] === 0 ? 'minor' : 'major';
}

/** The part of the version that moved from `from` to `to`. */
function bumpBetween(from: string, to: string): Bump {
  const [was, now] = [parse(from), parse(to)];
  const moved = now.findIndex((part, index) => part !== was[index]);
  if (moved < 0 || (now[moved] ?? 0) < (was[moved] ?? 0)) return 'none';
  return (['major', 'minor', 'patch'] as const)[moved] ?? 'none';
}

/**
 * One line per breaking change that the SDK's next release does not announce (by a pending
 * changeset, or by the version `npx changeset version` already wrote), naming the operation and the
 * field and saying what to do; none when every change is compatible.
 */
export function releaseProblems(options: {
  changes: readonly ContractChange[];
  released: string;
  sdk: SdkRelease;
}): string[] {
  const { changes, released, sdk } = options;
  const needed = breakingBump(released);
  if (atLeast(sdk.announced, needed) || atLeast(bumpBetween(released, sdk.version), needed)) return [];
  return changes
    .filter((change) => change.breaking)
    .map(
      (change) =>
        `${change.operation}, ${change.field}: ${change.description}. This breaks users of ${SDK} ${released}: ` +
        `add a changeset with a ${needed} bump of ${SDK} (npx changeset) saying what changed.`,
    );
}
