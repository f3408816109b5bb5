/**
 * The reference server on Bun, Deno and Cloudflare Workers (workerd with Miniflare's local D1),
 * from the packed `@wsadmin/server-core`: the conformance suite over HTTP against each, with the
 * same scenarios as against the Node server (packages/server/src/scenarios.http.test.ts).
 */
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runConformance, scenarioGroupNames, type Target } from '@wsadmin/conformance';
import { randomSecret } from '@wsadmin/server-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsumer, npmCache, tarballDependencies } from './harness';
import { sharedTarballs } from './packs';
import { RUNTIME_SERVERS, type StartedServer, targetOf } from './runtime-servers';

const root = mkdtempSync(join(tmpdir(), 'wsadmin-runtime-servers-'));
const project = join(root, 'servers');

let installed: Promise<void> | undefined;
/** One project for the three servers, installed by the first that needs it. */
function install(): Promise<void> {
  installed ??= (async () => {
    const [cache, tarballs] = await Promise.all([npmCache(), sharedTarballs()]);
    await createConsumer({
      directory: project,
      fixture: 'runtime-servers',
      cache,
      dependencies: tarballDependencies(tarballs, ['@wsadmin/server-core']),
    });
  })();
  return installed;
}

afterAll(() => rm(root, { recursive: true, force: true }), 120_000);

describe.each(Object.entries(RUNTIME_SERVERS))('the reference server on %s, over HTTP', (id, runtime) => {
  let server: StartedServer | undefined;
  let target: Target;
  beforeAll(async () => {
    await install();
    server = await runtime.start(project, {
      WSADMIN_BOOTSTRAP_KEY: `wsk_${randomSecret(24)}`,
      WSADMIN_TEST_CLOCK: '1',
      LOG_LEVEL: 'warn',
    });
    target = targetOf(id, server);
  }, 600_000);
  afterAll(() => server?.stop(), 60_000);

  it(`says it runs on ${runtime.name} and stores its data there`, () => {
    if (id === 'workerd') expect(server?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    else expect(server?.output()).toContain(`(${runtime.name})`);
  });

  runConformance(() => target, { describe, it, expect, afterAll }, { groups: scenarioGroupNames });
});
