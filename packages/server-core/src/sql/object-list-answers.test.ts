import { managementKinds } from '@wsadmin/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createKey } from '../auth/keys';
import { pbkdf2Passwords } from '../auth/pbkdf2-passwords';
import { AdjustableClock } from '../clock';
import { openMemoryStorage } from '../storage/memory';
import type { Storage } from '../storage/storage';
import { insertObject } from './objects';
import { insertWorkspace } from './workspaces';

/**
 * Whole list answers kept while the database's change version stays (object-list-text.ts). The
 * version is the test's: a row written behind its back shows whether a list was read or kept.
 */
const clock = new AdjustableClock();
const database = { version: 1 as number | undefined };
let storage: Storage;
let secret: string;

async function names(workspaceId: number, kind: 'dimensions' | 'measures' | 'time-series') {
  const app = createApp({ storage, clock, passwords: pbkdf2Passwords(1000) });
  const response = await app.request(`http://wsadmin.test/openapi/v1/workspaces/${workspaceId}/${kind}/`, {
    headers: { authorization: `Bearer ${secret}` },
  });
  const body = (await response.json()) as { data: Array<{ names: string[] }> };
  return body.data.map((item) => item.names[0]);
}

async function add(workspaceId: number, kind: 'dimensions' | 'measures', name: string) {
  const definition = managementKinds[kind].definition.parse({
    ...managementKinds[kind].defaults,
    ...(kind === 'dimensions' && { type: 'string', format: '' }),
    names: [name],
  });
  await insertObject(storage.db, { workspaceId, kind, definition }, clock.now());
}

beforeAll(async () => {
  // A quick reader that always declines (reads run through Kysely) and the test's change version.
  storage = {
    ...(await openMemoryStorage({ now: () => clock.now() })),
    reads: { quick: () => undefined, version: () => database.version },
  };
  secret = (await createKey(storage.db, clock.now(), { name: 'lists' })).secret;
});
afterAll(() => storage.close());

describe('whole list answers while the database is unchanged', () => {
  it('answers the kept list until the change version moves, then reads the new rows', async () => {
    const workspace = (await insertWorkspace(storage.db, { name: 'a' }, clock.now())).id;
    await add(workspace, 'dimensions', 'first');
    database.version = 2;
    expect(await names(workspace, 'dimensions')).toEqual(['first']);
    await add(workspace, 'dimensions', 'second');
    // Written behind the version's back: the cached answer proves no read happened.
    expect(await names(workspace, 'dimensions')).toEqual(['first']);
    database.version = 3;
    expect(await names(workspace, 'dimensions')).toEqual(['first', 'second']);
  });

  it('keeps lists apart by workspace and by kind', async () => {
    const one = (await insertWorkspace(storage.db, { name: 'one' }, clock.now())).id;
    const two = (await insertWorkspace(storage.db, { name: 'two' }, clock.now())).id;
    await add(one, 'dimensions', 'dimension of one');
    await add(one, 'measures', 'measure of one');
    await add(two, 'dimensions', 'dimension of two');
    database.version = 4;
    expect(await names(one, 'dimensions')).toEqual(['dimension of one']);
    expect(await names(one, 'measures')).toEqual(['measure of one']);
    expect(await names(two, 'dimensions')).toEqual(['dimension of two']);
    expect(await names(two, 'measures')).toEqual([]);
  });

  it('reads every list where there is no change version (sql.js)', async () => {
    const workspace = (await insertWorkspace(storage.db, { name: 'b' }, clock.now())).id;
    database.version = undefined;
    expect(await names(workspace, 'measures')).toEqual([]);
    await add(workspace, 'measures', 'seen at once');
    expect(await names(workspace, 'measures')).toEqual(['seen at once']);
  });
});
