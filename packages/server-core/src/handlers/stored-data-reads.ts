import { type OperationId, operationIdsWith } from '@wsadmin/contract';

/**
 * The GET operations whose answer the HTTP layer may keep while the database has not changed
 * (http/answer-cache.ts): those the contract declares `storedDataRead` (see its meaning there).
 * Declaring it means checking the handler reads nothing but the stored rows, the key and the
 * request line.
 */
export const STORED_DATA_READS: ReadonlySet<OperationId> = new Set<OperationId>(
  operationIdsWith('storedDataRead'),
);
