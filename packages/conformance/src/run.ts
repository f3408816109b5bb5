import { scenarioView } from './scenario-target';
import { scenarioGroups } from './scenarios/groups';
import { runRoundTripProperties } from './scenarios/round-trip';
import type { Target } from './target';
import { describe, type NotRun, type TestHost, withTestHost } from './test-api';

/** The group of the contract-derived round-trip properties (decision 0019). */
export const ROUND_TRIP_GROUP = 'round-trip';

/** The groups of the scenario files, in running order. */
export const scenarioGroupNames: readonly string[] = scenarioGroups.map((group) => group.name);

/** Every group of the suite, in running order: the scenario files, then the round trip. */
export const groupNames: readonly string[] = [...scenarioGroupNames, ROUND_TRIP_GROUP];

export interface ConformanceOptions {
  /** The groups to run, by name (`groupNames`); default: all of them. */
  groups?: readonly string[];
  /** Runs per round-trip property (default 10) and of those whose bodies carry passwords (default `runs`). */
  roundTrip?: { runs?: number; passwordRuns?: number };
}

/** What a registered run reports: filled as its tests run. */
export interface ConformanceRun {
  /** Tests that were not run, each with its reason ("needs a target that can create keys"). */
  notRun: NotRun[];
}

/** Names of `groups` that are not groups of the suite. */
export function unknownGroups(groups: readonly string[]): string[] {
  return groups.filter((name) => !groupNames.includes(name));
}

/**
 * Registers the conformance suite with the host's test functions, against `target` (or a function
 * returning it, for a target made in a `beforeAll`). Under vitest:
 *
 * @example
 * import { afterAll, beforeAll, describe, expect, it } from 'vitest';
 * import { httpTarget, runConformance } from '@wsadmin/conformance';
 *
 * runConformance(httpTarget({ baseUrl: 'http://127.0.0.1:8787', key: process.env.WSADMIN_KEY ?? '' }), {
 *   describe, it, expect, afterAll,
 * });
 */
export function runConformance(
  target: Target | (() => Target),
  host: TestHost,
  options: ConformanceOptions = {},
): ConformanceRun {
  const selected = options.groups ?? groupNames;
  const unknown = unknownGroups(selected);
  if (unknown.length > 0) {
    throw new Error(`unknown group ${unknown.join(', ')}; the groups are: ${groupNames.join(', ')}`);
  }
  const current = typeof target === 'function' ? target : () => target;
  const view = () => scenarioView(current());
  const notRun = withTestHost(host, () => {
    for (const group of scenarioGroups) {
      if (selected.includes(group.name)) describe(group.name, () => group.register(view));
    }
    if (selected.includes(ROUND_TRIP_GROUP)) {
      describe(ROUND_TRIP_GROUP, () => runRoundTripProperties(view, options.roundTrip));
    }
  });
  host.afterAll?.(() => {
    if (notRun.length === 0) return;
    const lines = notRun.map(({ test, reason }) => `  ${test}: ${reason}`);
    console.warn(`conformance: ${notRun.length} tests not run on this target:\n${lines.join('\n')}`);
  });
  return { notRun };
}
