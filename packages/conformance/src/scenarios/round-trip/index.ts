import type { OperationId } from '@wsadmin/contract';
import { type ScenarioClient, scenarioClient } from '../../client';
import type { ScenarioTarget } from '../../scenario-target';
import { describe } from '../../test-api';
import { accountCase } from './accounts';
import { managementRoundTrips, managementWrites } from './management';
import { memberGroupCase, memberGroupSettings } from './member-groups';
import { memberCase, memberSettings } from './members';
import { type ResourceCase, resourceRoundTrips, resourceWrites } from './resource';
import { dimensionCase, measureCase, timeSeriesCase } from './semantic-objects';
import { type SettingGroup, settingRoundTrips } from './settings';
import { sourceSettings } from './sources';
import { workspaceCase } from './workspaces';

/**
 * The contract-derived round-trip properties, written once and run against every
 * target like the scenario suite: valid bodies generated from the contract's schemas by fast-check
 * are read back field by field, answers match the response schemas, and a body with one invalid
 * field is refused naming it without changing anything. Seeded and bounded (see `checks.ts`).
 */

/** One round-trip case, its arrangement type erased: the operations it writes with, and its tests. */
interface RoundTrip {
  writes: OperationId[];
  /** Its bodies carry passwords to hash (runs: `passwordRuns`). */
  hashes?: boolean;
  register(client: ScenarioClient, runs: number): void;
}

const resource = <Ctx>(c: ResourceCase<Ctx>, hashes = false): RoundTrip => ({
  writes: resourceWrites(c),
  hashes,
  register: (client, runs) => resourceRoundTrips(client, c, runs),
});

const settings = <Ctx>(group: SettingGroup<Ctx>): RoundTrip => ({
  writes: group.settings.map((setting) => setting.write),
  register: (client, runs) => settingRoundTrips(client, group, runs),
});

/** Every case; `target` is only called once the tests run. */
const roundTrips = (target: () => ScenarioTarget): RoundTrip[] => [
  resource(accountCase, true),
  resource(workspaceCase),
  resource(timeSeriesCase),
  resource(dimensionCase),
  resource(measureCase),
  resource(memberCase),
  resource(memberGroupCase),
  settings(memberSettings(target)),
  settings(memberGroupSettings(target)),
  settings(sourceSettings),
  { writes: managementWrites, register: managementRoundTrips },
];

/** Every operation the round trip writes with (the exhaustiveness test compares them with the contract). */
export function roundTripWrites(): OperationId[] {
  const noTarget = () => {
    throw new Error('listing operations needs no target');
  };
  return roundTrips(noTarget).flatMap((roundTrip) => roundTrip.writes);
}

export function runRoundTripProperties(
  target: () => ScenarioTarget,
  options: {
    /** Runs per property (default 10). */
    runs?: number;
    /** Runs of the account properties, whose bodies carry passwords to hash (default `runs`). */
    passwordRuns?: number;
  } = {},
): void {
  const client = scenarioClient(target);
  const runs = options.runs ?? 10;
  // Bounded by runs, not by time; the limit only stops a hung target.
  describe('round trips', { timeout: 120_000 }, () => {
    for (const roundTrip of roundTrips(target))
      roundTrip.register(client, roundTrip.hashes ? (options.passwordRuns ?? runs) : runs);
  });
}
