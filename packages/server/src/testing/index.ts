/**
 * Test-only entry (`@wsadmin/server/testing`): the scenario suite and what a target needs, so other
 * packages (the MSW mock) can run the very same scenarios against their own target.
 */
export { runScenarios } from '../scenarios';
export { seedModelInto } from './seed-model';
export type { Target } from './target';
