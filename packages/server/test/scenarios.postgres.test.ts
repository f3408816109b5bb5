import { runConformance, scenarioGroupNames, type Target } from '@wsadmin/conformance';
import { httpTarget } from '@wsadmin/server-testing/http-target';
import { createTestDatabase, dropTestDatabase } from '@wsadmin/server-testing/postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { inProcessTarget } from '../../server-core/conformance/in-process-target';
import { openPostgresStorage } from '../src/postgres';

const adminUrl = inject('postgresAdminUrl');

describe('scenarios on PostgreSQL', () => {
  const admin = adminUrl;

  describe('scenarios: app in-process, PostgreSQL', () => {
    let target: Target;
    let databaseUrl: string;
    beforeAll(async () => {
      databaseUrl = await createTestDatabase(admin, 'in_process');
      target = await inProcessTarget({
        name: 'in-process-postgres',
        openStorage: (now) => openPostgresStorage(databaseUrl, now),
      });
    });
    afterAll(async () => {
      await target?.close?.();
      await dropTestDatabase(admin, databaseUrl);
    });
    runConformance(() => target, { describe, it, expect, afterAll }, { groups: scenarioGroupNames });
  });

  describe('scenarios: server over HTTP, PostgreSQL', () => {
    let target: Target;
    let databaseUrl: string;
    beforeAll(async () => {
      databaseUrl = await createTestDatabase(admin, 'http');
      target = await httpTarget({ databaseUrl });
    });
    afterAll(async () => {
      await target?.close?.();
      await dropTestDatabase(admin, databaseUrl);
    });
    runConformance(() => target, { describe, it, expect, afterAll }, { groups: scenarioGroupNames });
  });
});
