import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The server core of one checkout (`root`: this one or another worktree, with its node_modules),
 * as the A/B bench drives it (app-ab-process.ts, one build a process, started by app-ab.ts):
 * its own modules over a SQLite file of its own, as `npm start` opens it (kept answers on, no
 * response validation), a key, and `workspaces` workspaces made through the API.
 */
export interface AppBuild {
  name: string;
  fetch: (request: Request) => Promise<Response>;
  secret: string;
  /** The workspaces made, in order. */
  ids: number[];
  close: () => void;
}

export const BENCH_BASE = 'http://bench.test';

export async function openAppBuild(name: string, root: string, workspaces: number): Promise<AppBuild> {
  const at = (path: string) => pathToFileURL(join(resolve(root), path)).href;
  const { createApp } = await import(at('packages/server-core/src/app.ts'));
  const { createKey } = await import(at('packages/server-core/src/auth/keys.ts'));
  const { pbkdf2Passwords } = await import(at('packages/server-core/src/auth/pbkdf2-passwords.ts'));
  const { openSqliteStorage } = await import(at('packages/server/src/sqlite-file.ts'));
  const directory = mkdtempSync(join(tmpdir(), `wsadmin-ab-${name}-`));
  const storage = await openSqliteStorage(join(directory, 'bench.db'), () => new Date());
  const { secret } = await createKey(storage.db, new Date(), { name: 'bench' });
  const app = createApp({ storage, passwords: pbkdf2Passwords(1000), validateResponses: false });
  const fetch = (request: Request): Promise<Response> => Promise.resolve(app.fetch(request));
  const ids: number[] = [];
  for (let i = 0; i < workspaces; i++) {
    const answer = await fetch(
      new Request(`${BENCH_BASE}/openapi/v1/workspaces/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `bench ${i}` }),
      }),
    );
    const envelope = (await answer.json()) as { data: { id: number } };
    ids.push(envelope.data.id);
  }
  return {
    name,
    fetch,
    secret,
    ids,
    close: () => {
      storage.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The machine's load averages (1, 5 and 15 minutes), for the line a bench prints beside its figures. */
export const loadLine = (): string =>
  loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
