/**
 * `@wsadmin/server/testing`: the server as `npm start` runs it, as a scenario-suite target over real
 * HTTP (temporary SQLite file or a PostgreSQL URL, test clock on). Used by this package's scenario
 * tests and by the SDK's integration tests. Needs vitest (through `@wsadmin/server-core/testing`).
 */

export { httpTarget } from './http-target';
