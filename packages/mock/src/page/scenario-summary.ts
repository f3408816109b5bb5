// A scenario in a few words, for the line a page logs when its mock starts. Neutral code.
import type { MockScenario } from '../scenario';
import type { MockSeed } from '../seed';

/**
 * `2 workspaces, 1 account, 3 dimensions; keys: 1 besides MOCK_KEY; overrides: getWorkspace;
 * clock from 2030-01-01T00:00:00.000Z`: what the seed holds (counted), the keys, the overrides by
 * operationId and the clock's start.
 */
export function scenarioSummary(scenario: MockScenario): string {
  const parts = [scenario.snapshot ? 'from a snapshot' : seedSummary(scenario.seed)];
  if (scenario.keys?.length) parts.push(`keys: ${scenario.keys.length} besides MOCK_KEY`);
  const overridden = Object.keys(scenario.overrides ?? {});
  if (overridden.length > 0) parts.push(`overrides: ${overridden.join(', ')}`);
  if (scenario.startAt !== undefined) parts.push(`clock from ${new Date(scenario.startAt).toISOString()}`);
  return parts.join('; ');
}

function seedSummary(seed: MockScenario['seed']): string {
  if (seed === undefined) return 'empty seed';
  if (typeof seed === 'function') return 'seeded by a function';
  const counts: Array<[string, string, number]> = [
    ['workspace', 'workspaces', seed.workspaces?.length ?? 0],
    ['account', 'accounts', seed.accounts?.length ?? 0],
    ...nested(seed),
  ];
  const shown = counts.filter(([, , count]) => count > 0);
  if (shown.length === 0) return 'empty seed';
  return shown.map(([one, many, count]) => `${count} ${count === 1 ? one : many}`).join(', ');
}

/** Objects seeded inside the workspaces, summed over them. */
function nested(seed: MockSeed): Array<[string, string, number]> {
  const sum = (count: (workspace: NonNullable<MockSeed['workspaces']>[number]) => number) =>
    (seed.workspaces ?? []).reduce((total, workspace) => total + count(workspace), 0);
  return [
    ['dimension', 'dimensions', sum((w) => w.dimensions?.length ?? 0)],
    ['measure', 'measures', sum((w) => w.measures?.length ?? 0)],
    ['time series', 'time series', sum((w) => w.timeSeries?.length ?? 0)],
    ['member group', 'member groups', sum((w) => w.memberGroups?.length ?? 0)],
    ['member', 'members', sum((w) => w.members?.length ?? 0)],
  ];
}
