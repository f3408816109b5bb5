import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test run's PostgreSQL server. */
    postgresAdminUrl: string;
  }
}

/**
 * Vitest global setup: one throwaway PostgreSQL server for the whole run; each test file creates
 * its own database on it. WSADMIN_TEST_POSTGRES_URL uses a server of your own instead (a superuser
 * URL, e.g. of a container). The binaries are Debian's where installed, else the npm registry's
 * (postgres-binaries.ts): no test is skipped for want of PostgreSQL.
 */
export default async function setup(project: TestProject) {
  const external = process.env.WSADMIN_TEST_POSTGRES_URL;
  if (external) {
    project.provide('postgresAdminUrl', external);
    return;
  }
  // The tiers that use it (system, scenarios) share one server: the last to finish stops it.
  shared.server ??= startThrowawayPostgres();
  shared.users += 1;
  const server = await shared.server;
  project.provide('postgresAdminUrl', server.adminUrl);
  return async () => {
    shared.users -= 1;
    if (shared.users === 0) await server.stop();
  };
}

interface SharedServer {
  server?: ReturnType<typeof startThrowawayPostgres>;
  users: number;
}
/** Held on `globalThis`: each project loads this file as a module of its own. */
const holder = globalThis as { wsadminPostgres?: SharedServer };
holder.wsadminPostgres ??= { users: 0 };
const shared = holder.wsadminPostgres;
