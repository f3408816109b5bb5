import type { OperationId, OperationIdWith, Operations, ParsedRequest, SuccessData } from '@wsadmin/contract';
import type { HandlerContext } from '../context';
import type { SerializedJson } from '../serialized-json';

/**
 * The operations the contract declares `textAnswer`: lists of stored objects
 * (sql/object-list-text.ts) and the workspace detail, which may answer with their JSON text.
 */
export type TextAnswerOperation = OperationIdWith<'textAnswer'>;

type Answer<K extends OperationId> = K extends TextAnswerOperation
  ? SuccessData<Operations[K]> | SerializedJson<SuccessData<Operations[K]>>
  : SuccessData<Operations[K]>;

/** The implementation of one operation: typed by the contract, returns the success `data`. */
export type Handler<K extends OperationId> = (
  request: ParsedRequest<Operations[K]>,
  context: HandlerContext,
) => Promise<Answer<K>>;

/** Handlers for a set of operations. The full set must cover every operation (a missing one does not compile). */
export type Handlers<K extends OperationId = OperationId> = { [Id in K]: Handler<Id> };
