import { seedModelThroughApi } from './seed-model';
import { type Capability, capabilityNeeds, type Target } from './target';
import { NotRunError } from './test-api';

/**
 * The target as the scenarios see it: every capability present. One the target lacks throws a
 * `NotRunError` naming it, so the test calling it is reported as not run (never passed silently);
 * `seedModel` defaults to the public management interface.
 */
export type ScenarioTarget = Target & Required<Pick<Target, Capability | 'seedModel'>>;

const views = new WeakMap<Target, ScenarioTarget>();

export function scenarioView(target: Target): ScenarioTarget {
  const known = views.get(target);
  if (known) return known;
  const lacking = (capability: Capability) => () => {
    throw new NotRunError(capabilityNeeds[capability]);
  };
  const view: ScenarioTarget = {
    ...target,
    fetch: (request) => target.fetch(request),
    createKey: target.createKey?.bind(target) ?? lacking('createKey'),
    revokeKey: target.revokeKey?.bind(target) ?? lacking('revokeKey'),
    advanceClock: target.advanceClock?.bind(target) ?? lacking('advanceClock'),
    seedModel: target.seedModel?.bind(target) ?? seedModelThroughApi(target),
  };
  views.set(target, view);
  return view;
}
