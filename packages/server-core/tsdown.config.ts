import { defineConfig, type UserConfig } from 'tsdown';
import { libraryBuild, neverBundle } from '../../tsdown.base';

const entries = { index: 'src/index.ts' };

/** Dependencies whose code goes into the core's own files (their types stay imports). */
const isBundled = (id: string) => id === 'kysely' || id === 'hono' || id.startsWith('hono/');

/** A declaration file of the dts pass (`src/…/x.d.ts`), as opposed to the JavaScript pass. */
const isDeclaration = (importer: string | undefined) => importer?.endsWith('.d.ts') ?? false;

/**
 * sql.js loads on the first open, through `import('sql.js')`. In the CommonJS build that becomes a
 * `require` (sql.js is CommonJS and sets its own `default`): Jest runs CommonJS without ES module
 * support, and there a dynamic `import()` fails ("invoked without --experimental-vm-modules").
 */
const requireSqlJsInCommonJs = {
  name: 'require-sql-js-in-commonjs',
  renderChunk: (code: string, _chunk: unknown, output: { format: string }) =>
    output.format === 'cjs' && code.includes('import("sql.js")')
      ? code.replaceAll('import("sql.js")', 'Promise.resolve().then(() => require("sql.js"))')
      : null,
};

const core = (entry: Record<string, string>, formats: ('esm' | 'cjs')[], clean: boolean): UserConfig => {
  const base = libraryBuild({ entry, formats });
  return {
    ...base,
    clean,
    plugins: [requireSqlJsInCommonJs],
    // Kysely ships ~260 ES module files: loading them took a third of the mock's import time. Its
    // code is bundled (the parts the core uses, one file: about 200 ms less per fresh process, see
    // docs/performance-history.md); its declarations are not, so `Storage.db` stays the `Kysely` type of
    // the `kysely` package that the server and users import. Hono likewise (27 module files for the
    // app, CORS and `routePath`): users and the server only ever hold the app `createApp` returns and
    // call its methods, never `instanceof` it; they import Hono's types, not its code.
    // Bun's built-ins (`bun:sqlite`) stay imports, as Node's do.
    deps: {
      ...base.deps,
      neverBundle: neverBundle([/^node:/, /^bun:/]),
      alwaysBundle: (id, importer) => isBundled(id) && !isDeclaration(importer),
    },
  };
};

/**
 * The server entries run as ES modules only (Node's server, Bun, Deno, Workers): their first lines
 * start the server where the runtime says the module is its main one (`import.meta.main`).
 */
const serverEntries = {
  'server-kit': 'src/server-kit.ts',
  bun: 'src/bun.ts',
  deno: 'src/deno.ts',
  'cloudflare-workers': 'src/cloudflare-workers.ts',
  // Loads @opentelemetry/api (an optional peer): the Node server imports it only when tracing is on.
  opentelemetry: 'src/opentelemetry.ts',
};

export default defineConfig([
  core({ ...entries, ...serverEntries }, ['esm'], true),
  core(entries, ['cjs'], false),
]);
