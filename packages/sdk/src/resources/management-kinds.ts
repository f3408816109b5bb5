import type { managementKinds } from '../route-table';
import type { ManagementCollection, OperationId, ResponseData } from '../types';

/** The SDK's name of each verb: `delete` is the contract's `remove`. */
type Step = 'list' | 'get' | 'preview' | 'create' | 'update' | 'delete';

export type Kinds = typeof managementKinds;
type KindIds<O extends Kinds[ManagementCollection]['operations']> = {
  list: O['list'];
  get: O['get'];
  preview: O['preview'];
  create: O['create'];
  update: O['update'];
  delete: O['remove'];
};

/** Fails to compile when a collection is missing or a name is not an operationId of the contract. */
type Verified<T extends { [C in ManagementCollection]: Record<Step, OperationId> }> = T;

/**
 * For each collection of the management interface, the operationIds of its six operations: read
 * from the route table generated from the contract's kinds (`@wsadmin/contract/routes`, generated).
 */
export type ManagementKinds = Verified<{ [C in ManagementCollection]: KindIds<Kinds[C]['operations']> }>;

export type Op<C extends ManagementCollection, S extends Step> = ManagementKinds[C][S];

/** The management operation record. */
export type OperationRecord = ResponseData<'getManagementOperation'>;
