import { type OperationId, operationIds } from '../all-operations';
import { accountExamples, authAndScopeExamples } from './accounts';
import type { OperationExample } from './example';
import { managementExamples, managementListExamples } from './management';
import { managedObjectExamples } from './management-objects';
import { memberExamples, memberGroupExamples } from './permissions';
import { dimensionExamples, measureExamples, timeSeriesExamples } from './semantic-objects';
import { workspaceExamples } from './workspaces';

export { errorExample } from './errors';
export type { OperationExample } from './example';
export { examplePrerequisites } from './management-objects';
export {
  EXAMPLE_MODEL_UID,
  EXAMPLE_NEXT_ID,
  EXAMPLE_NOW,
  EXAMPLE_OPERATION_ID,
  EXAMPLE_PLAN_TOKEN,
  exampleKeywords,
  exampleWorld,
  IDEMPOTENCY_KEY_EXAMPLE,
} from './values';
export { exampleWorldRequests } from './world';

/** The example of every operation that has one, by operationId. */
export const operationExamples: Partial<Record<OperationId, OperationExample>> = {
  ...authAndScopeExamples,
  ...managementListExamples,
  ...managementExamples,
  ...managedObjectExamples,
  ...workspaceExamples,
  ...timeSeriesExamples,
  ...dimensionExamples,
  ...measureExamples,
  ...memberGroupExamples,
  ...memberExamples,
  ...accountExamples,
};

/** Operations without an example (none: a test keeps it so, and names any that lack one). */
export const operationsWithoutExamples: OperationId[] = operationIds.filter(
  (operationId) => operationExamples[operationId] === undefined,
);
