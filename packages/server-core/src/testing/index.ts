/**
 * `@wsadmin/server-core/testing`: the scenario suite (a conformance suite for any implementation of
 * the service: pass a `Target`) and what targets, benchmarks and drills need to arrange data
 * directly in storage. Needs vitest (an optional peer dependency).
 */

export { ABANDONED_CLAIM_MS } from '../management/idempotency';
export { searchPlan } from '../queries/account-search';
export { listAccounts } from '../queries/accounts';
export { insertObject, revisionOf, summaryName } from '../queries/objects';
export { findWorkspace, insertWorkspace } from '../queries/workspaces';
export { runScenarios } from '../scenarios';
export { runRoundTripProperties } from '../scenarios/round-trip';
export { accountSearchIndex } from '../storage/account-search-index';
export { ACCOUNT_SEARCH_COLUMNS } from '../storage/migrations';
export { inProcessTarget } from './in-process-target';
export { seedModelInto } from './seed-model';
export type { Target } from './target';
