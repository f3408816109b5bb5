import type { Dialect as KyselyDialect } from 'kysely';
import type { QuickRead } from './read-path';
import type { Dialect } from './schema';

/**
 * The statements' half of the server's OpenTelemetry (decision 0031), given to `openStorage`:
 * without it (the default, and always in the mock) the dialect and the quick reads run unwrapped.
 * `openTelemetryTracing` of `@wsadmin/server-core/opentelemetry` makes one.
 */
export interface StatementTracing {
  /** A CLIENT span for every statement Kysely runs through this dialect, transactions' included. */
  statements(dialect: KyselyDialect, system: Dialect): KyselyDialect;
  /** A CLIENT span for every read the quick path runs outside Kysely. */
  quickReads(read: QuickRead, system: Dialect): QuickRead;
}
