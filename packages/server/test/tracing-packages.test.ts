import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  collect,
  exitOf,
  listeningUrl,
  spawnTsx,
  stop,
  tempDatabase,
} from '@wsadmin/server-testing/processes';
import { afterAll, expect, it } from 'vitest';
import { OPENTELEMETRY_PACKAGES } from '../src/tracing';

// An install without the optional peers: a resolve hook answers every @opentelemetry/ import as
// Node does for a package that is not there.
const hooks = mkdtempSync(join(tmpdir(), 'wsadmin-no-otel-'));
const hide = join(hooks, 'hide-opentelemetry.mjs');
const RESOLVE = `export async function resolve(specifier, context, next) {
  if (specifier.startsWith('@opentelemetry/')) {
    const error = new Error("Cannot find package '" + specifier + "'");
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return next(specifier, context);
}`;
writeFileSync(
  hide,
  `import { register } from 'node:module';\nregister('data:text/javascript,' + encodeURIComponent(${JSON.stringify(RESOLVE)}));\n`,
);
const database = tempDatabase('wsadmin-no-otel-');
const SECRET = 'wsk_no-opentelemetry-test-key';
afterAll(() => {
  rmSync(hooks, { recursive: true, force: true });
  database.remove();
});

it('stops a start that asks for traces without the OpenTelemetry packages, with the line that installs them', async () => {
  const child = spawnTsx(
    'packages/server/src/bin/start.ts',
    [],
    {
      PORT: '0',
      DATABASE_URL: database.url,
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
    },
    { imports: [hide] },
  );
  const output = collect(child);
  const { code } = await exitOf(child);
  expect(code).toBe(1);
  expect(output().stderr).toContain(`npm install ${OPENTELEMETRY_PACKAGES.join(' ')}`);
  expect(output().stdout).not.toContain('wsadmin reference server on');
}, 60_000);

it('serves without them, loading none, when traces are off', async () => {
  const child = spawnTsx(
    'packages/server/src/bin/start.ts',
    [],
    {
      PORT: '0',
      DATABASE_URL: database.url,
      WSADMIN_BOOTSTRAP_KEY: SECRET,
    },
    { imports: [hide] },
  );
  const output = collect(child);
  try {
    const url = await listeningUrl(child, output);
    const answer = await fetch(`${url}/openapi/v1/workspaces/`, {
      headers: {
        authorization: `Bearer ${SECRET}`,
        traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      },
    });
    expect(answer.status).toBe(200);
  } finally {
    await stop(child);
  }
}, 60_000);
