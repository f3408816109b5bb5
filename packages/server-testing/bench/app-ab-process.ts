import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * One build's detail read in this process (app-ab-processes.ts starts it): `app.fetch`, 10 requests
 * in flight, 6 s measured after 2 s of warm-up; prints the CPU µs per request. `cached`: one
 * workspace again and again; `uncached`: a query of its own on every request, so no kept answer
 * serves it.
 */
const [root = '', read = 'cached'] = process.argv.slice(2);
const at = (path: string) => pathToFileURL(join(root, path)).href;
const { createApp } = await import(at('packages/server-core/src/app.ts'));
const { createKey } = await import(at('packages/server-core/src/auth/keys.ts'));
const { pbkdf2Passwords } = await import(at('packages/server-core/src/auth/pbkdf2-passwords.ts'));
const { openSqliteStorage } = await import(at('packages/server/src/sqlite-file.ts'));
const directory = mkdtempSync(join(tmpdir(), 'wsadmin-ab-process-'));
const storage = await openSqliteStorage(join(directory, 'bench.db'), () => new Date());
const { secret } = await createKey(storage.db, new Date(), { name: 'bench' });
const app = createApp({ storage, passwords: pbkdf2Passwords(1000), validateResponses: false });
const BASE = 'http://wsadmin.test';
const created = await app.fetch(
  new Request(`${BASE}/openapi/v1/workspaces/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench' }),
  }),
);
const { id } = ((await created.json()) as { data: { id: number } }).data;
const headers = { authorization: `Bearer ${secret}` };
let counter = 0;

async function drive(ms: number): Promise<number> {
  const until = performance.now() + ms;
  let answered = 0;
  const worker = async () => {
    while (performance.now() < until) {
      const query = read === 'cached' ? '' : `?n=${counter++}`;
      const answer = await app.fetch(
        new Request(`${BASE}/openapi/v1/workspaces/${id}/${query}`, { headers }),
      );
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`answered ${answer.status}`);
      answered++;
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  return answered;
}

await drive(2000);
const cpu = process.cpuUsage();
const answered = await drive(6000);
const used = process.cpuUsage(cpu);
console.log(((used.user + used.system) / answered).toFixed(2));
storage.close();
rmSync(directory, { recursive: true, force: true });
