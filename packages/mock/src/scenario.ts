import type { OperationId } from '@wsadmin/contract';
import { assertOperationId } from '@wsadmin/contract/routes';
import type { MockKey } from './options';
import type { Override, OverrideOptions } from './overrides';
import type { MockSeed, SeedFunction } from './seed';
import type { MockSnapshot } from './snapshot/snapshot-format';
import type { AllowedRejection } from './strict/rejection';

/** An override in a scenario with its options: `{ override: { errcode: 503, ... }, times: 1 }`. */
export interface ScenarioOverride<K extends OperationId> extends OverrideOptions {
  override: Override<K>;
}

/** Overrides of a scenario by operationId: the override itself, or it with `times`. */
export type ScenarioOverrides = {
  [K in OperationId]?: Override<K> | ScenarioOverride<K>;
};

/**
 * Where a test starts: data, keys, overrides and the clock. Defined once, it is used unchanged by
 * `createMock`, `setupMockServer`, `startMockWorker`, the Playwright fixture and the Storybook
 * helper; `reset()` returns to it.
 */
export interface MockScenario {
  /** Data to start with, and to return to on `reset()`: contract create requests, or a function. */
  seed?: MockSeed | SeedFunction;
  /** Keys created on every start and reset, besides `MOCK_KEY`. */
  keys?: MockKey[];
  /** Overrides active from the start and again after every `reset()`. */
  overrides?: ScenarioOverrides;
  /** Freezes the clock at this time (it then moves only with `clock.advance`). Default: real time. */
  startAt?: Date | string;
  /**
   * Starts from a state taken with `mock.snapshot()` (data, keys and clock), and `reset()` returns
   * to it. Replaces `seed`, `keys` and `startAt`: giving one of them too throws. Checked where the
   * mock is created: another schema version, or anything not a snapshot, throws there.
   */
  snapshot?: MockSnapshot;
  /**
   * Rejections the tests of this scenario expect (strict mode does not fail them): operationIds, or
   * `{ operationId, status, reason }` (`operationId: null`: a path that matches no operation).
   */
  allowRejections?: AllowedRejection[];
}

/**
 * Types a scenario where it is written (an identity function, as Vite's `defineConfig`), so a
 * wrong operationId, seed field or override fails to compile there rather than where it is used.
 *
 * @example
 * export const outage = defineScenario({
 *   seed: { workspaces: [{ name: 'Sales' }] },
 *   overrides: { listWorkspaces: { override: { errcode: 503, errmsg: 'maintenance' }, times: 1 } },
 * });
 */
export function defineScenario(scenario: MockScenario): MockScenario {
  return scenario;
}

/** Each override of a scenario with its options, in the order written. */
export function scenarioOverrides(
  overrides: ScenarioOverrides | undefined,
): Array<[OperationId, Override<OperationId>, OverrideOptions]> {
  return Object.entries(overrides ?? {}).map(([operationId, value]) => {
    // A JavaScript scenario's typo would otherwise override nothing, silently.
    assertOperationId(operationId, 'overrides');
    const { override, ...options } = isWithOptions(value) ? value : { override: value };
    return [operationId as OperationId, override as Override<OperationId>, options];
  });
}

/** `{ override, times? }`; no override itself has an `override` field. */
function isWithOptions(value: unknown): value is ScenarioOverride<OperationId> {
  return typeof value === 'object' && value !== null && 'override' in value;
}
