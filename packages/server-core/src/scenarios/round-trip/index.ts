import { describe } from 'vitest';
import { scenarioClient } from '../../testing/scenario-client';
import type { Target } from '../../testing/target';
import { accountRoundTrips } from './accounts';
import { managementRoundTrips } from './management';
import { memberGroupRoundTrips } from './member-groups';
import { memberRoundTrips } from './members';
import { workspaceRoundTrips } from './workspaces';

/**
 * The contract-derived round-trip properties (issue 21), written once and run against every
 * target like the scenario suite: valid bodies generated from the contract's schemas by fast-check
 * are read back field by field, answers match the response schemas, and a body with one invalid
 * field is refused naming it without changing anything. Seeded and bounded (see `checks.ts`).
 */
export function runRoundTripProperties(
  target: () => Target,
  options: {
    /** Runs per property (default 10). */
    runs?: number;
    /** Runs of the account write properties, whose bodies carry passwords to hash (default `runs`). */
    passwordRuns?: number;
  } = {},
): void {
  const client = scenarioClient(target);
  const runs = options.runs ?? 10;
  // Bounded by runs, not by time; the limit only stops a hung target.
  describe('round trips', { timeout: 120_000 }, () => {
    accountRoundTrips(client, options.passwordRuns ?? runs);
    workspaceRoundTrips(client, runs);
    memberRoundTrips(client, target, runs);
    memberGroupRoundTrips(client, target, runs);
    managementRoundTrips(client, runs);
  });
}
