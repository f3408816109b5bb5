import { ApiError, stopIfAbandoned } from '../errors';

/**
 * Runs `work` for every item of a batch, in order. An ApiError from one item is answered with the
 * item's index in `errmsg` and in the issue path, so the caller knows which item to fix. Stops
 * (throwing RequestAbandonedError, which rolls a surrounding transaction back) once `signal` aborts.
 * `signal` is required (pass the handler's `context.signal`) so no new batch loop forgets it.
 */
export async function forEachItem<T, R>(
  list: string,
  items: readonly T[],
  work: (item: T, index: number) => Promise<R>,
  signal: AbortSignal | undefined,
): Promise<R[]> {
  const results: R[] = [];
  for (const [index, item] of items.entries()) {
    stopIfAbandoned(signal);
    try {
      results.push(await work(item, index));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const path = `body.${list}.${index}`;
      throw new ApiError(error.errcode, `${path}: ${error.message}`, error.reason, [
        { path, message: error.message },
      ]);
    }
  }
  return results;
}

/**
 * `forEachItem` for batch deletes: an id named again is the same delete, already done, so it is
 * skipped instead of failing as "not found". Indices in errors stay those of the caller's list.
 */
export function forEachDistinctItem<T, R>(
  list: string,
  items: readonly T[],
  work: (item: T, index: number) => Promise<R>,
  signal: AbortSignal | undefined,
): Promise<Array<R | undefined>> {
  const seen = new Set<T>();
  return forEachItem(
    list,
    items,
    async (item, index) => {
      if (seen.has(item)) return undefined;
      seen.add(item);
      return work(item, index);
    },
    signal,
  );
}
