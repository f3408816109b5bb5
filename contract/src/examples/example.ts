import type { OperationFieldOf, OperationId } from '../all-operations';
import type { SchemaInput } from '../operation-spec';

/**
 * The example of one operation: a request the reference server accepts with its documented
 * success status once the things named in `values.ts` exist (the example test creates them and
 * sends it), and the `data` of that success. Typed by the operation's schemas; the test parses
 * every part with them too.
 */
export interface OperationExample<K extends OperationId = OperationId> {
  /** Path values, as the path template names them. */
  params?: Readonly<Record<string, string | number>>;
  query?: Readonly<Record<string, string | number>>;
  headers?: Readonly<Record<string, string>>;
  body?: SchemaInput<OperationFieldOf<K, 'body'>>;
  /** `data` of the success envelope; absent when the operation answers the envelope alone. */
  data?: SchemaInput<OperationFieldOf<K, 'data'>>;
}

/** Examples of some operations, each typed by its own schemas. */
export type ExamplesOf<K extends OperationId> = { readonly [P in K]: OperationExample<P> };
