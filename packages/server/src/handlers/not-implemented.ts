import type { OperationId } from '@wsadmin/contract';
import { ApiError } from '../http/api-error';
import type { Handler, Handlers } from '../http/handler';

/** Temporary: handlers of a resource still being written answer 500 with a clear message. */
export function notImplemented<K extends OperationId>(operations: Record<K, unknown>): Handlers<K> {
  const out = {} as Record<K, Handler<K>>;
  for (const id of Object.keys(operations) as K[]) {
    out[id] = async () => {
      throw new ApiError(500, `${id} is not implemented yet`, 'internal');
    };
  }
  return out as Handlers<K>;
}
