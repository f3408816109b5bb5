/** A range of a paged list. */
export interface PageRange {
  /** Items to skip. Default: the `offset` the pager was created with, else 0. */
  offset?: number;
  /** Page size. Default: the `limit` the pager was created with. */
  limit?: number;
}

/**
 * A paged list: iterate it with `for await` to get every item (one request per page, ending at the
 * first page shorter than `limit`), or fetch one page with `page()`.
 */
export interface Paged<T> extends AsyncIterable<T> {
  /**
   * Fetches one page.
   *
   * @example
   * const second = await client.accounts.projects(uid).page({ offset: 20, limit: 20 });
   */
  page(range?: PageRange): Promise<T[]>;
}

/** Builds a `Paged` from a function that loads one page. */
export function paged<T>(
  load: (offset: number, limit: number) => Promise<T[]>,
  offset: number,
  limit: number,
): Paged<T> {
  return {
    page: (range = {}) => load(range.offset ?? offset, range.limit ?? limit),
    async *[Symbol.asyncIterator]() {
      for (let at = offset; ; at += limit) {
        const items = await load(at, limit);
        yield* items;
        if (items.length < limit) return;
      }
    },
  };
}
