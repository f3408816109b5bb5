import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { postgresBin, startThrowawayPostgres } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test run's PostgreSQL server; null when none is available (tests skip). */
    postgresAdminUrl: string | null;
  }
}

/**
 * Vitest global setup: one throwaway PostgreSQL server for the whole run; each test file creates
 * its own database on it. WSADMIN_TEST_POSTGRES_URL uses a server of your own instead (a superuser
 * URL, e.g. of a container). Without PostgreSQL the PostgreSQL tests are skipped, except in CI.
 */
export default async function setup(project: TestProject) {
  const external = process.env.WSADMIN_TEST_POSTGRES_URL;
  if (external) {
    project.provide('postgresAdminUrl', external);
    return;
  }
  if (!existsSync(join(postgresBin, 'initdb')) && !process.env.CI) {
    console.warn(
      `PostgreSQL tests skipped: no server binaries in ${postgresBin} (install the postgresql package, or set WSADMIN_POSTGRES_BIN to their directory or WSADMIN_TEST_POSTGRES_URL to a server of yours)`,
    );
    project.provide('postgresAdminUrl', null);
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
