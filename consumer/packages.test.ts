/**
 * The packages as a user gets them: every package is packed (its `prepack` builds it), the tarballs
 * are installed with plain `npm install` into fresh projects in a temporary directory outside the
 * workspace, and each documented use runs there: Node ESM, CommonJS, tsc under node16 and bundler
 * resolution, Vite builds of a page, vitest with the mock as the README shows it, and
 * `npx wsadmin-server`, and `npx wsadmin-conformance` against it. Installs come from the npm cache
 * `npm ci` filled.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { groupNames } from '@wsadmin/conformance';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../testing/chromium';
import { visitDocsOffline } from '../testing/docs-page';
import { codeBlockUnder } from '../testing/markdown';
import { parseXml } from '../testing/xml';
import {
  consumerEnv,
  createConsumer,
  folderOf,
  installedVersion,
  localPrebuilds,
  npmCache,
  PACKAGES,
  type PackageName,
  REPO_ROOT,
  run,
  startCommand,
  tarballDependencies,
} from './harness';
import {
  measuredPageAssets,
  pageAssetDrift,
  sizeDrift,
  sizeOf,
  statedInstallSizes,
  statedPageAssets,
} from './install-sizes';
import { sharedTarballs } from './packs';

const root = mkdtempSync(join(tmpdir(), 'wsadmin-consumer-'));
const projects = {
  mockOnly: join(root, 'mock-only'),
  sdkOnly: join(root, 'sdk-only'),
  app: join(root, 'sdk-app'),
  server: join(root, 'server-app'),
  conformance: join(root, 'conformance-app'),
};
let tarballs: Record<PackageName, string>;
let server: { stop: () => Promise<void>; url: string; key: string } | undefined;

const bin = (project: string, name: string) => join(project, 'node_modules', '.bin', name);
/** The packed server's SQLite file, which `wsadmin-keys` opens beside it. */
const database = () => join(projects.server, 'data', 'wsadmin.db');

beforeAll(async () => {
  const started = performance.now();
  const seconds = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
  const cache = await npmCache();
  tarballs = await sharedTarballs();
  console.info(`consumer block: built and packed after ${seconds()}`);
  const tools = Object.fromEntries(
    [
      'vite',
      'vitest',
      'typescript',
      '@types/node',
      '@tanstack/query-core',
      // examples/jest: Jest, its jsdom environment, and the Babel plugin its config names.
      'jest',
      'jest-environment-jsdom',
      '@babel/plugin-transform-modules-commonjs',
    ].map((name) => [name, installedVersion(name)]),
  );
  // TypeScript 7 (the native compiler) beside 5.9, under the alias this repository installs it as.
  tools.typescript7 = `npm:typescript@${installedVersion('typescript7')}`;
  await Promise.all([
    createConsumer({
      directory: projects.mockOnly,
      fixture: 'mock-only',
      cache,
      // msw is the mock's peer dependency: the project chooses it (msw 2 here, on Node 20).
      dependencies: { ...tarballDependencies(tarballs, ['@wsadmin/mock']), msw: installedVersion('msw') },
    }),
    createConsumer({
      directory: projects.sdkOnly,
      fixture: 'sdk-only',
      cache,
      dependencies: tarballDependencies(tarballs, ['@wsadmin/sdk']),
    }),
    createConsumer({
      directory: projects.app,
      fixture: 'sdk-app',
      cache,
      dependencies: {
        ...tarballDependencies(tarballs, ['@wsadmin/sdk', '@wsadmin/mock', '@wsadmin/conformance']),
        msw: installedVersion('msw'),
        ...tools,
      },
    }),
    createConsumer({
      directory: projects.server,
      fixture: 'server-app',
      cache,
      dependencies: tarballDependencies(tarballs, ['@wsadmin/server']),
      allowScripts: { 'better-sqlite3': true },
      env: await localPrebuilds(join(root, 'prebuilds')),
    }),
    createConsumer({
      directory: projects.conformance,
      fixture: 'conformance-app',
      cache,
      dependencies: tarballDependencies(tarballs, ['@wsadmin/conformance']),
    }),
  ]);
  console.info(`consumer block: five projects installed after ${seconds()}`);
  const serverProcess = await startCommand('npx', ['wsadmin-server'], {
    cwd: projects.server,
    // The test clock lets wsadmin-conformance run the scenarios that move the server's clock.
    env: consumerEnv({ PORT: '0', DATABASE_URL: `sqlite:${database()}`, WSADMIN_TEST_CLOCK: '1' }),
    ready: /"createdKeySecret":"(wsk_[^"]+)"/,
  });
  const output = serverProcess.output();
  server = {
    stop: serverProcess.stop,
    url: /reference server on (http:\/\/\S+)/.exec(output)?.[1] ?? '',
    key: /"createdKeySecret":"(wsk_[^"]+)"/.exec(output)?.[1] ?? '',
  };
}, 900_000);

afterAll(async () => {
  await server?.stop();
  // Five installed projects: hundreds of megabytes, slow to delete on a busy machine.
  await rm(root, { recursive: true, force: true });
}, 300_000);

describe.concurrent('package hygiene of each tarball', { timeout: 180_000 }, () => {
  // `node10` resolution predates `exports`: subpath entries cannot resolve there, by design.
  // Entries without a `require` condition are ES modules only (the Node server, and the core's
  // server entries for Node, Bun, Deno and Workers): a package of those alone is checked with the
  // `esm-only` profile; one that also has dual entries with `node16` in one run, where `require`
  // of an ES-module-only entry is expected (dual entries resolve `require` to their .cjs anyway).
  const attwOptions = (name: PackageName): string[] => {
    const { exports } = JSON.parse(readFileSync(join(REPO_ROOT, folderOf(name), 'package.json'), 'utf8')) as {
      exports: Record<string, string | Record<string, unknown>>;
    };
    const entries = Object.keys(exports).filter((entry) => entry !== './package.json');
    const esmOnly = entries.filter((entry) => {
      const target = exports[entry];
      return typeof target === 'object' && !('require' in target);
    });
    if (esmOnly.length === entries.length) return ['--profile', 'esm-only'];
    return ['--profile', 'node16', ...(esmOnly.length > 0 ? ['--ignore-rules', 'cjs-resolves-to-esm'] : [])];
  };

  it.each(PACKAGES)('%s ships only dist/, its manifest, README and declared data', async (name) => {
    const { stdout } = await run('tar', ['-tzf', tarballs[name]], { cwd: root });
    const files = stdout
      .trim()
      .split('\n')
      .map((path) => path.replace(/^package\//, ''));
    const outside = files.filter((path) => !path.startsWith('dist/'));
    const declaredData = ['package.json', 'README.md', 'openapi.json', 'arazzo.yaml'];
    expect(outside.filter((path) => !declaredData.includes(path))).toEqual([]);
    // Declarations are .d.mts / .d.cts; no TypeScript source, test or fixture ships.
    expect(files.filter((path) => /\.test\.|fixtures|\.ts$/.test(path))).toEqual([]);
    expect(files).toContain('dist/index.mjs');
    expect(files.some((path) => path.endsWith('.mjs.map'))).toBe(true);
  });

  it('@wsadmin/contract ships its Arazzo workflows beside every document they name', async () => {
    const tarball = tarballs['@wsadmin/contract'];
    const { stdout: listing } = await run('tar', ['-tzf', tarball], { cwd: root });
    const shipped = new Set(listing.trim().split('\n'));
    const { stdout: arazzo } = await run('tar', ['-xzOf', tarball, 'package/arazzo.yaml'], { cwd: root });
    const named = [...arazzo.matchAll(/^\s+url: (\S+)$/gm)].map((match) => match[1] ?? '');
    expect(named).toEqual(['./openapi.json']);
    for (const url of named) expect(shipped).toContain(`package/${url.slice(2)}`);
  });

  // No src/ ships, so a stack trace or debugger only reaches the code if each map embeds it.
  it.each(PACKAGES)('%s source maps carry the source text of every file they name', async (name) => {
    const { stdout: listing } = await run('tar', ['-tzf', tarballs[name]], { cwd: root });
    const maps = listing.split('\n').filter((path) => path.endsWith('.map'));
    expect(maps.length).toBeGreaterThan(0);
    const missing: string[] = [];
    for (const path of maps) {
      const { stdout } = await run('tar', ['-xzOf', tarballs[name], path], { cwd: root });
      const map = JSON.parse(stdout) as { sources: string[]; sourcesContent?: (string | null)[] };
      map.sources.forEach((source, index) => {
        if (!map.sourcesContent?.[index]) missing.push(`${path}: ${source}`);
      });
    }
    expect(missing).toEqual([]);
  });

  it.each(PACKAGES)('publint finds nothing to report in %s', async (name) => {
    const tarball = readFileSync(tarballs[name]);
    const { messages, pkg } = await publint({
      pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) },
      level: 'warning',
    });
    expect(messages.map((message) => `${message.type}: ${formatMessage(message, pkg)}`)).toEqual([]);
  });

  it.each(PACKAGES)('are-the-types-wrong finds no problem in %s', async (name) => {
    await run(join(REPO_ROOT, 'node_modules', '.bin', 'attw'), [tarballs[name], ...attwOptions(name)], {
      cwd: root,
    });
  });
});

describe('a consumer of only @wsadmin/mock', { timeout: 180_000 }, () => {
  it('installs neither better-sqlite3 nor pg, nor anything of the Node server', async () => {
    const { stdout } = await run('npm', ['ls', '--all', '--parseable'], { cwd: projects.mockOnly });
    const installed = stdout.split('\n').map((path) => path.slice(path.lastIndexOf('node_modules/') + 13));
    expect(installed).toContain('@wsadmin/mock');
    expect(installed).toContain('msw');
    for (const name of [
      'better-sqlite3',
      'pg',
      '@wsadmin/server',
      '@scalar/api-reference',
      '@hono/node-server',
    ])
      expect(installed).not.toContain(name);
    console.info(
      `mock-only consumer: node_modules ${(sizeOf(join(projects.mockOnly, 'node_modules')) / 1e6).toFixed(1)} MB`,
    );
  });

  it('has a working wsadmin-mock command: --help, then a JSON scenario served over HTTP with its inspector', async () => {
    const help = await run('npx', ['wsadmin-mock', '--help'], { cwd: projects.mockOnly });
    expect(help.stdout).toMatch(/^Usage: wsadmin-mock \[scenario-file\]/);
    writeFileSync(
      join(projects.mockOnly, 'scenario.json'),
      JSON.stringify({ seed: { workspaces: [{ name: 'Packed' }] } }),
    );
    const mock = await startCommand('npx', ['wsadmin-mock', 'scenario.json', '--port', '0'], {
      cwd: projects.mockOnly,
      env: consumerEnv(),
      ready: /inspector: \S+/,
    });
    try {
      const url = /base URL: +(\S+)/.exec(mock.output())?.[1] ?? '';
      const listed = await fetch(`${url}/openapi/v1/workspaces/`, {
        headers: { Authorization: 'Bearer wsk_mock_unrestricted' },
      });
      expect(await listed.json()).toMatchObject({ errcode: 200, data: [{ id: 1, name: 'Packed' }] });
      const page = await fetch(`${url}/__inspector__/`);
      expect(await page.text()).toContain('<script src="inspector.js"');
      const script = await fetch(`${url}/__inspector__/inspector.js`);
      expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
      const journal = (await (await fetch(`${url}/__inspector__/api/journal`)).json()) as {
        entries: unknown[];
      };
      expect(journal.entries).toMatchObject([{ operationId: 'listWorkspaces', answer: { status: 200 } }]);
    } finally {
      await mock.stop();
    }
  });

  it('answers its first request in a fresh Node process', async () => {
    const { stdout } = await run('node', ['first-request.mjs'], { cwd: projects.mockOnly });
    const result = JSON.parse(stdout) as { names: string[]; importMs: number; firstAnswerMs: number };
    expect(result.names).toEqual(['Demo']);
    console.info(`mock-only consumer: import ${result.importMs} ms, first answer ${result.firstAnswerMs} ms`);
  });

  it('requires every entry in CommonJS in plain Node; the Node entries load no browser build', async () => {
    const { stdout } = await run('node', ['require-entries.cjs'], { cwd: projects.mockOnly });
    const result = JSON.parse(stdout) as {
      loaded: Record<string, string[]>;
      names: string[];
      browserFiles: string[];
    };
    expect(result.loaded['@wsadmin/mock']).toEqual(
      expect.arrayContaining(['createMock', 'MOCK_BASE_URL', 'MOCK_KEY']),
    );
    expect(result.loaded['@wsadmin/mock/node']).toEqual(
      expect.arrayContaining(['setupMockServer', 'createMock', 'copyWorkerScript']),
    );
    expect(result.loaded['@wsadmin/mock/browser']).toEqual(
      expect.arrayContaining(['startMockWorker', 'createMock']),
    );
    expect(result.browserFiles).toEqual([]);
    expect(result.names).toEqual(['From CommonJS']);
  });

  // Figures, not a timed test: printed for docs/performance.md, each beside plain MSW in this run.
  // consumer/fixtures/mock-only/figures.mjs gives the mock-versus-plain-MSW figures from the
  // tarball; run here once per side with few calls, so that the script keeps working (figures come
  // from several full runs on a quiet machine, not from a test).
  it('runs the mock-versus-plain-MSW figures script on both sides', async () => {
    type Side = { importMs: number; firstAnswerMs: number; callMs: number; resetMs: number | null };
    const sides = await Promise.all(
      (['mock', 'msw'] as const).map(async (side) => {
        const { stdout } = await run('node', ['figures.mjs', side, '20', '5'], { cwd: projects.mockOnly });
        return JSON.parse(stdout) as Side;
      }),
    );
    const [mock, msw] = sides;
    for (const figures of sides) {
      expect(figures.importMs).toBeGreaterThan(0);
      expect(figures.firstAnswerMs).toBeGreaterThanOrEqual(figures.importMs);
      expect(figures.callMs).toBeGreaterThan(0);
    }
    expect(mock?.resetMs).toBeGreaterThan(0);
    expect(msw?.resetMs).toBeNull();
  });

  // What the import cost was cut to (packages/mock/README.md): Hono and Kysely bundled into the
  // core, sql.js loaded on the first `ready()`, msw's main entry (and graphql) not loaded at all.
  it("loads no module of hono, kysely, graphql or sql.js on import, nor msw's main entry", async () => {
    const { stdout } = await run('node', ['loaded-modules.mjs'], { cwd: projects.mockOnly });
    const result = JSON.parse(stdout) as { files: number; packages: string[]; mswMainEntry: boolean };
    expect(result.packages).toEqual(
      expect.arrayContaining(['@wsadmin/contract', '@wsadmin/mock', '@wsadmin/server-core', 'msw', 'zod']),
    );
    for (const name of ['hono', 'kysely', 'graphql', 'sql.js']) expect(result.packages).not.toContain(name);
    expect(result.mswMainEntry).toBe(false);
    console.info(`mock-only consumer: import loads ${result.files} module files`);
  });
});

describe('a consumer of only @wsadmin/sdk', { timeout: 180_000 }, () => {
  /** What `npm ls --all --json` prints: each installed package with its own dependencies. */
  interface NpmTree {
    version?: string;
    dependencies?: Record<string, NpmTree>;
  }
  // Installed packages only: an optional peer nobody installed is listed as `{}`, without a version.
  const installedTree = (tree: NpmTree): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(tree.dependencies ?? {})
        .filter(([, child]) => child.version !== undefined)
        .map(([name, child]) => [name, installedTree(child)]),
    );

  it('installs openapi-fetch and its own dependency, nothing else (docs/decisions/0030-sdk-standalone.md)', async () => {
    const { stdout } = await run('npm', ['ls', '--all', '--json'], { cwd: projects.sdkOnly });
    expect(installedTree(JSON.parse(stdout) as NpmTree)).toEqual({
      '@wsadmin/sdk': { 'openapi-fetch': { 'openapi-typescript-helpers': {} } },
    });
    const { stdout: parseable } = await run('npm', ['ls', '--all', '--parseable'], { cwd: projects.sdkOnly });
    console.info(
      `sdk-only consumer: ${parseable
        .trim()
        .split('\n')
        .slice(1)
        .map((path) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length))
        .join(', ')}`,
    );
  });

  it('takes at most 2 MB installed', () => {
    const bytes = sizeOf(join(projects.sdkOnly, 'node_modules'));
    const sdk = sizeOf(join(projects.sdkOnly, 'node_modules', '@wsadmin', 'sdk'));
    console.info(
      `sdk-only consumer: node_modules ${(bytes / 1e6).toFixed(2)} MB, @wsadmin/sdk ${(sdk / 1e6).toFixed(2)} MB`,
    );
    expect(bytes).toBeLessThanOrEqual(2_000_000);
  });

  it.each(['call.mjs', 'call.cjs'])(
    '%s calls through the SDK with a stub fetch: data, an ApiError, a ConfigurationError before any request',
    async (script) => {
      const { stdout } = await run('node', [script], { cwd: projects.sdkOnly });
      expect(JSON.parse(stdout)).toEqual({
        names: ['Demo'],
        sent: [
          'GET https://wsadmin.example.com/openapi/v1/workspaces/ Bearer wsk_stub',
          'GET https://wsadmin.example.com/openapi/v1/workspaces/7/ Bearer wsk_stub',
        ],
        notFound: { isApiError: true, errcode: 404 },
        refused: {
          isConfigurationError: true,
          message: 'getWorkspace: path parameter workspaceId must be an integer, not ".."',
        },
      });
    },
  );

  it('type-checks from ES modules and CommonJS with skipLibCheck off (the declarations name no other package of ours)', async () => {
    await run(join(REPO_ROOT, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], {
      cwd: projects.sdkOnly,
    });
  });
});

describe('a consumer of only @wsadmin/server', { timeout: 180_000 }, () => {
  const installed = async () => {
    const { stdout } = await run('npm', ['ls', '--all', '--parseable'], { cwd: projects.server });
    return stdout
      .split('\n')
      .filter((path) => path.includes('node_modules/'))
      .map((path) => path.slice(path.lastIndexOf('node_modules/') + 13));
  };

  it('installs no TypeScript compiler, no Vue, no sql.js and no @scalar package', async () => {
    const names = await installed();
    expect(names).toEqual(expect.arrayContaining(['@wsadmin/server', 'better-sqlite3', 'pg']));
    const unwanted = names.filter((name) =>
      /^(typescript|vue|@vue\/.*|vue-demi|sql\.js|@scalar\/.*)$/.test(name),
    );
    expect(unwanted).toEqual([]);
  });

  it('installs at most 100 MB of node_modules', () => {
    const megabytes = sizeOf(join(projects.server, 'node_modules')) / 1e6;
    console.info(`server consumer: node_modules ${megabytes.toFixed(1)} MB`);
    expect(megabytes).toBeLessThanOrEqual(100);
  });

  // npm 11 warns about each install script a project has not approved: the server needs one, better-sqlite3's.
  it('has one dependency with an install step: better-sqlite3', async () => {
    const withInstallStep = (await installed()).filter((name) => {
      const folder = join(projects.server, 'node_modules', name);
      const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
        scripts?: Record<string, string>;
      };
      const scripts = manifest.scripts ?? {};
      // npm runs `node-gyp rebuild` for a binding.gyp without an install script of its own.
      return (
        ['preinstall', 'install', 'postinstall'].some((step) => step in scripts) ||
        existsSync(join(folder, 'binding.gyp'))
      );
    });
    expect([...new Set(withInstallStep)]).toEqual(['better-sqlite3']);
  });

  it("says what to install when server-core's in-memory storage is opened without sql.js", async () => {
    const script =
      "import('@wsadmin/server-core').then((core) => core.openMemoryStorage()).catch((error) => console.log(error.message))";
    const { stdout } = await run('node', ['--input-type=module', '-e', script], { cwd: projects.server });
    expect(stdout.trim()).toBe(
      'in-memory storage needs the sql.js package, an optional peer dependency of @wsadmin/server-core: npm install sql.js@~1.16.0',
    );
  });

  it('ships the API reference bundle with its licence', async () => {
    const { stdout } = await run('tar', ['-tzf', tarballs['@wsadmin/server']], { cwd: root });
    expect(stdout).toContain('package/dist/docs/scalar.js');
    expect(stdout).toContain('package/dist/docs/scalar.LICENSE.txt');
  });
});

// The READMEs state what an install of their package weighs ("installs about 44 MB"); each is held
// to a project above that installs that package alone, so a README cannot drift from the truth.
describe('the install sizes the package READMEs state', () => {
  const measuredBy: Record<string, string> = {
    'packages/sdk/README.md': projects.sdkOnly,
    'packages/server/README.md': projects.server,
    'packages/mock/README.md': projects.mockOnly,
    'packages/conformance/README.md': projects.conformance,
  };

  it('are each measured by a project of this file', () => {
    expect(Object.keys(statedInstallSizes(REPO_ROOT)).sort()).toEqual(Object.keys(measuredBy).sort());
  });

  it.each(Object.keys(measuredBy))('%s: the stated size is within 15% of the install', (readme) => {
    const stated = statedInstallSizes(REPO_ROOT)[readme] ?? 0;
    const measured = sizeOf(join(measuredBy[readme] ?? '', 'node_modules')) / 1e6;
    console.info(`${readme}: states about ${stated} MB, measured ${measured.toFixed(1)} MB`);
    expect(sizeDrift(readme, stated, measured)).toBeUndefined();
  });
});

describe('npx wsadmin-server from the installed tarball', { timeout: 180_000 }, () => {
  it("renders /docs offline in Chromium, from the package's own files", async () => {
    const browser = await launchChromium();
    try {
      const visit = await visitDocsOffline(browser, server?.url ?? '');
      expect(visit).toEqual({
        heading: 'Workspace Configuration, Permission and Account Service',
        listsOperation: true,
        elsewhere: [],
        pageErrors: [],
      });
    } finally {
      await browser.close();
    }
  });

  it('answers GET /openapi/v1/scopes/ with the key it printed', async () => {
    expect(server?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${server?.url}/openapi/v1/scopes/`, {
      headers: { Authorization: `Bearer ${server?.key}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ errcode: 200, data: { permissions: [], workspaces: [] } });
    const refused = await fetch(`${server?.url}/openapi/v1/scopes/`, {
      headers: { Authorization: 'Bearer wsk_wrong' },
    });
    expect(refused.status).toBe(401);
  });

  // wsadmin-conformance from its tarball against the packed server, on the groups that need what
  // only a command line gives: keys made and revoked by the packed server's wsadmin-keys (a process
  // per key), the clock moved through the server's test clock, so nothing is left "not run"; the
  // first and the last group for the progress line. Every scenario runs against the Node server in
  // packages/server/test/scenarios.http.test.ts, and against the packed server core on Bun, Deno
  // and workerd in consumer/runtime-servers.test.ts: all of them here again cost a minute of CPU.
  const CLI_GROUPS = ['protocol', 'access-keys', 'auth-data', 'management-operations', 'round-trip'];
  it('passes npx wsadmin-conformance, installed on its own from its tarball, with --keys-command and --test-clock: none of the groups is left not run, the JUnit report agrees', async () => {
    expect(CLI_GROUPS.every((group) => groupNames.includes(group))).toBe(true);
    const junit = join(root, 'conformance-report', 'conformance.xml');
    const keys = join(projects.server, 'node_modules', '@wsadmin', 'server', 'dist', 'bin', 'keys.mjs');
    const keysCommand = `DATABASE_URL='sqlite:${database()}' '${process.execPath}' '${keys}'`;
    const { stdout, stderr } = await run(
      'npx',
      [
        'wsadmin-conformance',
        '--base-url',
        server?.url ?? '',
        '--key',
        server?.key ?? '',
        '--keys-command',
        keysCommand,
        '--test-clock',
        '--runs',
        '1',
        '--junit',
        junit,
        '--progress',
        'live',
        ...CLI_GROUPS.flatMap((group) => ['--group', group]),
      ],
      { cwd: projects.conformance, timeoutMs: 600_000 },
    );
    // Exit code 0 (run rejects otherwise): nothing failed, and nothing was left not run.
    const [, passed, failed, notRun] = /^(\d+) passed, (\d+) failed, (\d+) not run$/m.exec(stdout) ?? [];
    expect({ failed, notRun }).toEqual({ failed: '0', notRun: '0' });
    expect(Number(passed)).toBeGreaterThan(90);
    expect(conformanceGroups(stdout)).toEqual(CLI_GROUPS);
    for (const group of CLI_GROUPS)
      expect(stdout).toMatch(new RegExp(`^ {2}${group} +\\d+ passed, 0 failed, 0 not run$`, 'm'));
    expect(stdout).toMatch(/^ {2}round-trip +41 passed, 0 failed, 0 not run$/m);
    expect(stdout).toMatch(/^Left behind on http:\/\/127\.0\.0\.1:\d+ /m);
    // The live line: rewritten in place (\r, erase line), never a newline, cleared before the summary.
    const drawn = stderr.split('\r\u001b[2K');
    expect(drawn[0]).toBe('');
    expect(drawn[1]).toBe(`wsadmin-conformance: 0/${passed} protocol`);
    expect(
      drawn.slice(1, -1).filter((line) => !/^wsadmin-conformance: \d+\/\d+ [a-z-]+$/.test(line)),
    ).toEqual([]);
    expect(drawn.slice(-2)).toEqual([`wsadmin-conformance: ${Number(passed) - 1}/${passed} round-trip`, '']);
    expect(stderr).not.toContain('\n');

    const xml = readFileSync(junit, 'utf8');
    const report = parseXml(xml);
    expect(report.attributes).toMatchObject({ tests: passed, failures: '0', errors: '0', skipped: '0' });
    expect(report.children.map((suite) => suite.attributes.name)).toEqual(CLI_GROUPS);
    const cases = report.children.flatMap((suite) =>
      suite.children.filter((child) => child.name === 'testcase'),
    );
    expect(cases).toHaveLength(Number(passed));
    expect(cases.filter((testcase) => testcase.children.length > 0)).toEqual([]);
    // No secret of a key the command made reaches the report.
    expect(xml).not.toMatch(/wsk_/);
  }, 600_000);
});

/** The groups of the summary, in its order (`  name   N passed, …`). */
function conformanceGroups(stdout: string): string[] {
  return [...stdout.matchAll(/^ {2}([a-z-]+) +\d+ passed, \d+ failed, \d+ not run$/gm)].map(
    (match) => match[1] ?? '',
  );
}

describe.concurrent('the SDK and the mock in a consumer project', { timeout: 180_000 }, () => {
  const serverEnv = () => consumerEnv({ WSADMIN_URL: server?.url ?? '', WSADMIN_KEY: server?.key ?? '' });

  it('plain Node ESM (node app.mjs, no loader) creates a client, calls the running server, and queries through @wsadmin/sdk/query', async () => {
    const { stdout } = await run('node', ['app.mjs'], { cwd: projects.app, env: serverEnv() });
    expect(JSON.parse(stdout)).toEqual({
      permissions: [],
      created: 'From ESM',
      names: expect.arrayContaining(['From ESM']),
      missing: 404,
      cached: 'From ESM',
    });
  });

  it("CommonJS require('@wsadmin/sdk') does the same", async () => {
    const { stdout } = await run('node', ['app.cjs'], { cwd: projects.app, env: serverEnv() });
    expect(JSON.parse(stdout)).toEqual({ id: expect.any(Number), name: 'From CommonJS', refused: 400 });
  });

  // The backend's check runs on TypeScript 5.9, the oldest this repository builds with; the two that
  // read every declaration of msw, zod and hono (skipLibCheck off) on TypeScript 7, the same checker
  // compiled natively: they took 130 s each on 5.9 on a busy machine, a tenth of that on 7.
  it.each([
    ['node16', '5.9', 'a Node backend on the SDK: lib ES2022 without DOM, skipLibCheck off'],
    [
      'node16-tests',
      '7',
      'tests using the SDK and the mock: DOM (msw needs it), exactOptionalPropertyTypes off, skipLibCheck off',
    ],
    [
      'bundler',
      '7',
      'pages and tests using the SDK and the mock: DOM, exactOptionalPropertyTypes, skipLibCheck off',
    ],
  ])(
    'tsc --noEmit, strict, moduleResolution %s, TypeScript %s (%s)',
    async (config, version) => {
      const tsc = join(
        projects.app,
        'node_modules',
        version === '7' ? 'typescript7' : 'typescript',
        'bin',
        'tsc',
      );
      // One checker (TypeScript 7 runs four by default): half the CPU and no slower on 2 cores.
      const checkers = version === '7' ? ['--checkers', '1'] : [];
      await run(process.execPath, [tsc, '-p', `tsconfig.${config}.json`, ...checkers], {
        cwd: projects.app,
        timeoutMs: 290_000,
      });
    },
    // skipLibCheck off checks every declaration of msw, zod and hono: 25 s on a busy 2-core machine,
    // and these cases run side by side. it.each does not take the describe's timeout. At a load
    // average of 11-28 (2026-11-24) the two with the mock's declarations took over 180 s, the
    // limit of `run()` too, which then kills tsc with no output.
    300_000,
  );

  it.each([
    ['web-sdk', 'a page using the SDK'],
    ['web-mock', 'a page starting the @wsadmin/mock/browser worker'],
  ])('Vite builds %s (%s)', async (page) => {
    const outDir = join(root, `dist-${page}`);
    await run(
      bin(projects.app, 'vite'),
      ['build', page, '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
      {
        cwd: projects.app,
      },
    );
    const assets = readdirSync(join(outDir, 'assets'));
    const gzip = assets.reduce(
      (sum, asset) => sum + gzipSync(readFileSync(join(outDir, 'assets', asset))).byteLength,
      0,
    );
    expect(assets.some((asset) => asset.endsWith('.js'))).toBe(true);
    const scripts = assets.filter((asset) => asset.endsWith('.js'));
    const code = scripts.map((asset) => readFileSync(join(outDir, 'assets', asset), 'utf8')).join('\n');
    // No WebAssembly inlined as base64 ("\0asm" is "AGFzbQ"), and no Node built-in stubbed in.
    expect(code).not.toContain('AGFzbQ');
    expect(code).not.toMatch(/__vite-browser-external|require\(["']node:/);
    if (page === 'web-mock') {
      // sql.js's WebAssembly is an asset of its own: compiled while streaming, cached.
      expect(assets.filter((asset) => asset.endsWith('.wasm'))).toHaveLength(1);
      // The sizes packages/mock/README.md states for this page: its script and the WebAssembly.
      const measured = measuredPageAssets(outDir);
      console.info(`Vite build of web-mock: ${JSON.stringify(measured)}`);
      expect(
        pageAssetDrift(
          statedPageAssets(readFileSync(join(REPO_ROOT, 'packages', 'mock', 'README.md'), 'utf8')),
          measured,
        ),
      ).toEqual([]);
    }
    const gzipOf = (list: string[]) =>
      list.reduce((sum, asset) => sum + gzipSync(readFileSync(join(outDir, 'assets', asset))).byteLength, 0);
    console.info(
      `Vite build of ${page}: ${assets.length} assets, ${(gzip / 1024).toFixed(1)} KiB gzip (JavaScript ${(gzipOf(scripts) / 1024).toFixed(1)} KiB)`,
    );
  });

  it('runs vitest with @wsadmin/mock/node exactly as the README shows', async () => {
    writeFileSync(join(projects.app, 'readme.test.ts'), readmeMockExample());
    const { stdout } = await run(
      bin(projects.app, 'vitest'),
      ['run', 'readme.test.ts', '--reporter', 'json'],
      {
        cwd: projects.app,
      },
    );
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
      numPassedTests: number;
      numFailedTests: number;
    };
    expect(report.numFailedTests).toBe(0);
    expect(report.numPassedTests).toBeGreaterThanOrEqual(3);
  });
});

// After the concurrent block: Jest in jsdom is heavy, and beside three tsc runs and two Vite builds
// on a 2-core machine it was pushed past its time limit. (The ten-vitest-files figure of the mock is
// `node packages/mock/bench/vitest-files.ts`, a bench, no longer part of every test run.)
describe('Jest in a consumer project', { timeout: 600_000 }, () => {
  it('runs examples/jest with Jest in its CommonJS setup, in the node and the jsdom environment', async () => {
    const directory = join(projects.app, 'jest-example');
    cpSync(join(REPO_ROOT, 'examples', 'jest'), directory, { recursive: true });
    const { stdout } = await run(bin(projects.app, 'jest'), ['--ci', '--json'], { cwd: directory });
    const report = JSON.parse(stdout) as {
      numPassedTests: number;
      numFailedTests: number;
      testResults: { name: string; status: string }[];
    };
    expect(report.numFailedTests).toBe(0);
    // conformance.test.js: the conformance suite under Jest (its protocol and workspace groups).
    expect(report.numPassedTests).toBeGreaterThanOrEqual(40);
    expect(report.testResults.map((file) => `${basename(file.name)} ${file.status}`).sort()).toEqual([
      'conformance.test.js passed',
      'page.test.js passed',
      'workspaces.test.js passed',
    ]);
  });
});

/** The first TypeScript block under "Use the mock in your tests" of the root README. */
function readmeMockExample(): string {
  return codeBlockUnder(
    readFileSync(join(REPO_ROOT, 'README.md'), 'utf8'),
    '## Use the mock in your tests',
    'ts',
  );
}
