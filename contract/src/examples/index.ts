import { type OperationId, operationIds } from '../all-operations';
import { accountExamples, authAndScopeExamples } from './accounts';
import type { OperationExample } from './example';
import { managementExamples, managementListExamples } from './management';
import { memberExamples, memberGroupExamples } from './permissions';
import { dimensionExamples, measureExamples, timeSeriesExamples } from './semantic-objects';
import { workspaceExamples } from './workspaces';

export { errorExample } from './errors';
export type { OperationExample } from './example';
export { exampleKeywords, exampleWorld, IDEMPOTENCY_KEY_EXAMPLE } from './values';
export { exampleWorldRequests } from './world';

/** The example of every operation that has one, by operationId. */
export const operationExamples: Partial<Record<OperationId, OperationExample>> = {
  ...authAndScopeExamples,
  ...managementListExamples,
  ...managementExamples,
  ...workspaceExamples,
  ...timeSeriesExamples,
  ...dimensionExamples,
  ...measureExamples,
  ...memberGroupExamples,
  ...memberExamples,
  ...accountExamples,
};

/** Operations without an example yet (the management ones that need a plan token or an operation). */
export const operationsWithoutExamples: OperationId[] = operationIds.filter(
  (operationId) => operationExamples[operationId] === undefined,
);
