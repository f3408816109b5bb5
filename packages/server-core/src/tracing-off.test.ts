import { expect, it, vi } from 'vitest';

// Tracing is off unless a host passes `tracing`: then no module of OpenTelemetry may load at all
// (the mock runs this core in browsers without it). Each import of @opentelemetry/api would run this
// factory; its own process (unit:isolated), so no other test file has loaded it before.
const loaded = vi.hoisted(() => ({ api: false }));
vi.mock('@opentelemetry/api', () => {
  loaded.api = true;
  return {};
});

it('serves and stores without loading @opentelemetry/api when no tracing is given', async () => {
  const core = await import('./index');
  const storage = await core.openMemoryStorage();
  const { secret } = await core.createKey(storage.db, new Date(), { name: 'untraced' });
  const app = core.createApp({ storage, passwords: core.pbkdf2Passwords(1000) });
  const answer = await app.request('http://wsadmin.test/openapi/v1/workspaces/', {
    headers: {
      authorization: `Bearer ${secret}`,
      traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
    },
  });
  await storage.close();
  expect(answer.status).toBe(200);
  expect(loaded.api).toBe(false);
  // The check itself works: the tracing entry does load it.
  await import('./opentelemetry');
  expect(loaded.api).toBe(true);
});
