import type { OperationId, Operations, ParsedRequest, SuccessData } from '@wsadmin/contract';
import type { HandlerContext } from '../context';

/** The implementation of one operation: typed by the contract, returns the success `data`. */
export type Handler<K extends OperationId> = (
  request: ParsedRequest<Operations[K]>,
  context: HandlerContext,
) => Promise<SuccessData<Operations[K]>>;

/** Handlers for a set of operations. The full set must cover every operation (a missing one does not compile). */
export type Handlers<K extends OperationId = OperationId> = { [Id in K]: Handler<Id> };
