import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { managementKinds } from '@wsadmin/contract';
import { openSqliteStorage } from '@wsadmin/server';
import type { Schema } from '@wsadmin/server-core';
import { type Kysely, sql } from 'kysely';
import type { BatchRow } from './batch-report';
import { analyze } from './indexes';
import { startServerProcess } from './server-process';

/**
 * Every batch endpoint with 1,000 items, against an `npm start` process on a SQLite file holding
 * 1,000, 10,000 and 100,000 rows of the kind: workspaces, time series, dimensions, measures and
 * accounts created, updated and deleted, and the model permission of 1,000 members set. While each
 * request runs, this process sends `/healthz` one request after another: a server that blocks its
 * event loop for the batch answers the probe only when the batch is done.
 * Accounts carry phones and e-mails but no password: hashing (scrypt) is slow on purpose and
 * would be all that is measured.
 */

const ITEMS = 1_000;
type Db = Kysely<Schema>;
type Json = Record<string, unknown>;

export async function measureBatches(options: {
  repo: string;
  sizes: number[];
  progress: (line: string) => void;
}) {
  const dir = mkdtempSync(join(tmpdir(), 'wsadmin-batches-'));
  const file = join(dir, 'bench.db');
  const secret = `wsk_bench_${Date.now()}`;
  // This process seeds through a connection of its own; the server reads the same WAL file.
  const storage = await openSqliteStorage(file, () => new Date());
  const server = await startServerProcess({ repo: options.repo, databaseUrl: `sqlite:${file}`, secret });
  const call = client(server.url, secret);
  const rows: BatchRow[] = [];
  try {
    const workspaceId = (
      (await call('POST', '/openapi/v1/workspaces/', { name: 'batches' })) as { id: number }
    ).id;
    let seeded = 0;
    for (const size of options.sizes) {
      options.progress(`batches: seeding to ${size.toLocaleString('en')} rows of each kind`);
      await seed(storage.db, workspaceId, seeded, size);
      seeded = size;
      const measure = async (name: string, method: string, path: string, body: Json) => {
        options.progress(`batches: ${name} at ${size.toLocaleString('en')}`);
        const { ms, health, data } = await whileProbing(server.url, () => call(method, path, body));
        rows.push({ name, existing: size, items: ITEMS, ms, health });
        return data;
      };
      const tag = `s${size}`;
      const range = Array.from({ length: ITEMS }, (_, i) => i);
      const idsOf = (data: unknown) => (data as Array<{ id: number }>).map((item) => item.id);

      const base = '/openapi/v1/workspaces/';
      const made = idsOf(
        await measure('workspaces: create', 'POST', `${base}create-workspaces/`, {
          workspaces: range.map((i) => ({ name: `${tag} workspace ${i}` })),
        }),
      );
      await measure('workspaces: update', 'PUT', `${base}update-workspaces/`, {
        workspaces: made.map((id, i) => ({ id, name: `${tag} renamed ${i}` })),
      });
      await measure('workspaces: delete', 'DELETE', `${base}delete-workspaces/`, { workspaceIds: made });

      const objects = `${base}${workspaceId}/`;
      const kinds = [
        [
          'time series',
          'time-series',
          'timeSeries',
          'timeSeriesIds',
          (k: string) => ({ type: 'date', names: [k], timeUnit: 'day' }),
        ],
        [
          'dimensions',
          'dimensions',
          'dimensions',
          'dimensionIds',
          (k: string) => ({ type: 'string', format: 'text', names: [k] }),
        ],
        ['measures', 'measures', 'measures', 'measureIds', (k: string) => ({ names: [k] })],
      ] as const;
      for (const [label, path, key, idsKey, item] of kinds) {
        const ids = idsOf(
          await measure(`${label}: create`, 'POST', `${objects}${path}/create-${path}/`, {
            [key]: range.map((i) => item(`${tag}-${path}-${i}`)),
          }),
        );
        await measure(`${label}: update`, 'PUT', `${objects}${path}/update-${path}/`, {
          [key]: ids.map((id, i) => ({ id, ...item(`${tag}-${path}-renamed-${i}`) })),
        });
        await measure(`${label}: delete`, 'DELETE', `${objects}${path}/delete-${path}/`, { [idsKey]: ids });
      }

      const accounts = '/openapi/v1/accounts/';
      const created = (await measure(
        'accounts: create (phone + e-mail, no password)',
        'POST',
        `${accounts}create-accounts/`,
        {
          accounts: range.map((i) => ({
            username: `${tag}.user${i}`,
            phone: `+1777${size}${String(i).padStart(4, '0')}`,
            email: `${tag}.user${i}@example.com`,
            nickname: `Batch ${i}`,
          })),
        },
      )) as Array<{ uid: string }>;
      await measure('accounts: update (new phone + e-mail)', 'PUT', `${accounts}update-accounts/`, {
        accounts: created.map(({ uid }, i) => ({
          uid,
          phone: `+1778${size}${String(i).padStart(4, '0')}`,
          email: `${tag}.renamed${i}@example.com`,
        })),
      });
      await measure('accounts: delete', 'DELETE', `${accounts}delete-accounts/`, {
        accountUids: created.map(({ uid }) => uid),
      });

      // The first 1,000 seeded accounts are members of the workspace.
      const members = range.map(seededUid);
      await measure(
        'member model permission: set',
        'PUT',
        `${objects}members/${members[0]}/model-permission/`,
        {
          memberModelPermission: members.map((memberUid, i) => ({
            memberUid,
            modelPermission: { effect: i % 2 ? 'allow' : 'deny', resource: [] },
          })),
        },
      );
    }
  } finally {
    await server.stop();
    await storage.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

function client(url: string, secret: string) {
  return async (method: string, path: string, body: Json): Promise<unknown> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { errcode: number; errmsg: string; data: unknown };
    if (response.status !== 200 || answer.errcode !== 200) {
      throw new Error(`${method} ${path}: ${response.status} ${answer.errmsg}`);
    }
    return answer.data;
  };
}

/** Runs `request`, sending `/healthz` one after another until it is answered; each probe's latency. */
async function whileProbing<T>(url: string, request: () => Promise<T>) {
  let done = false;
  const health: number[] = [];
  const probing = (async () => {
    while (!done) {
      const start = performance.now();
      // A kept-alive socket the server closed just then resets the probe: that is not a stall.
      const answer = await fetch(`${url}/healthz`).catch(() => fetch(`${url}/healthz`));
      if (answer.status !== 200) throw new Error(`/healthz answered ${answer.status}`);
      await answer.arrayBuffer();
      // A probe sent just before the batch finished still counts: it waited on it.
      health.push(performance.now() - start);
    }
  })();
  const start = performance.now();
  try {
    const data = await request();
    return { ms: performance.now() - start, health, data };
  } finally {
    done = true;
    await probing;
  }
}

/** The uid (a uuid4, as the contract wants) of seeded account `i`, in JavaScript and in SQL. */
const seededUid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const SEEDED_UID = `'00000000-0000-4000-8000-' || substr('000000000000' || i, -12)`;

/**
 * Rows `from` to `to - 1` of each kind, set-based: workspaces, time series, dimensions and measures
 * in `workspaceId` (definitions as the management interface stores them, names varied), accounts
 * with phone and e-mail, each a member of `workspaceId`.
 */
async function seed(db: Db, workspaceId: number, from: number, to: number) {
  const stamp = `'${new Date().toISOString()}'`;
  const counter = `with recursive n(i) as (select ${from} union all select i + 1 from n where i < ${to - 1})`;
  const fields = {
    'time-series': { type: 'date', timeUnit: 'day' },
    dimensions: { type: 'string', format: 'text' },
    measures: {},
  } as const;
  await db.transaction().execute(async (trx) => {
    const exec = (text: string) => sql.raw(`${counter} ${text} from n`).execute(trx);
    await exec(`insert into workspaces (name, description, adapter, hide_titles, auto_add_member, date_offset,
        dt, enable_dt, ddya, enable_ddya, ddra, enable_ddra, break_point_display_type, created_at, updated_at)
      select 'seeded workspace ' || i, '', 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, ${stamp}, ${stamp}`);
    for (const [kind, extra] of Object.entries(fields) as Array<[keyof typeof fields, object]>) {
      const schema = managementKinds[kind];
      const definition = JSON.stringify(
        schema.definition.parse({ ...schema.defaults, ...extra, names: ['NAME'] }),
      );
      // The definition's JSON with the name in it, as SQL text: 'before"' || name || '"after'.
      const [before, after] = definition.split('NAME').map((part) => `'${part.replaceAll("'", "''")}'`);
      const name = `'seeded-${kind}-' || i`;
      await exec(`insert into objects (workspace_id, kind, uid, name, definition, version, revision, created_at, updated_at)
        select ${workspaceId}, '${kind}', null, ${name}, ${before} || ${name} || ${after}, 1, 'seeded-' || i, ${stamp}, ${stamp}`);
    }
    await exec(`insert into accounts (uid, status, username, phone, email, nickname, description, password_hash,
        role, tier, type, created_at, updated_at)
      select ${SEEDED_UID}, 1, 'seeded.user' || i, '+1999' || i, 'seeded' || i || '@example.com',
        'Seeded ' || i, '', null, 0, 0, 0, ${stamp}, ${stamp}`);
    await exec(`insert into members (workspace_id, account_uid, role, enable_model_permission, model_permission, created_at)
      select ${workspaceId}, ${SEEDED_UID}, 3, 0, '{"effect":"deny","resource":[]}', ${stamp}`);
  });
  // Statistics, and the account search index merged as autovacuum-like upkeep would leave it.
  await analyze(db, 'sqlite');
}
