/**
 * `@wsadmin/conformance`: the scenario suite of the Workspace Configuration, Permission and Account
 * Service, for any implementation of it. Register it with your test framework's functions
 * (`runConformance(target, { describe, it, expect, afterAll })`, vitest or Jest), or run the
 * `wsadmin-conformance` command against a server. See the README and
 * docs/decisions/0022-conformance-package.md.
 */

export { httpTarget } from './http-target';
export {
  type ConformanceOptions,
  type ConformanceRun,
  groupNames,
  ROUND_TRIP_GROUP,
  runConformance,
  scenarioGroupNames,
  unknownGroups,
} from './run';
export { seedModelThroughApi } from './seed-model';
export {
  type Capability,
  capabilitiesOf,
  capabilityNeeds,
  type NewKey,
  type NewModel,
  type Target,
} from './target';
export { type Expect, type Matchers, type NotRun, NotRunError, type TestHost } from './test-api';
