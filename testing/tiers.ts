/**
 * The test tiers (vitest projects, `vitest.config.ts`): `npm test` runs them all, `npm run test:unit`
 * the fast one. A file belongs to the first tier whose patterns match it; the rest are `unit`, where
 * `testing/unit-tier-guard.ts` refuses processes and sockets.
 */
export const tiers = {
  /** Chromium: the browser examples, the mock's worker, the docs page, CORS from a page. */
  browser: [
    '**/*.browser.test.ts',
    'examples/browser/**/*.test.ts',
    'examples/react-query/**/*.test.ts',
    'testing/chromium.test.ts',
  ],
  /** The packed tarballs installed as a user would. */
  consumer: ['consumer/**/*.test.ts'],
  /** The scenario suite and the round trip on their targets: in-process, mock, SQLite server, PostgreSQL. */
  scenarios: ['**/scenarios.*.test.ts', '**/round-trip.*.test.ts'],
  /** Processes, ports and PostgreSQL: the Node server and its commands, the SDK against it, the quickstart. */
  system: [
    'packages/server/**/*.test.ts',
    // The reports of the server's benchmarks, beside them in the private harness package.
    'packages/server-testing/**/*.test.ts',
    'integration/**/*.test.ts',
    'examples/node-quickstart/**/*.test.ts',
    // esbuild bundles the SDK entry: a process of its own.
    'packages/sdk/src/boundary.test.ts',
    // Redocly's lint command over the committed document.
    'contract/src/openapi-lint.test.ts',
    // Runs vitest over sample tests to see the unit tiers' console guard fail them.
    'testing/quiet-console-guard.test.ts',
    // Runs vitest over sample tests to see the mock's strict mode fail them.
    'packages/mock/test/strict-mode.test.ts',
    // The wsadmin-mock command, started as a process.
    'packages/mock/src/cli/command.test.ts',
    // wsadmin-mcp started as a process, over stdio and Streamable HTTP.
    'packages/mcp/**/*.command.test.ts',
  ],
} as const;

export type Tier = keyof typeof tiers | 'unit';

/**
 * Unit tests that need a process of their own: the `unit` tier shares one module graph per worker
 * (half its time was importing the same modules again for every file), so a test of once-per-process
 * state runs in `unit:isolated`, which `npm run test:unit` runs too.
 */
export const isolatedUnits = [
  // sql.js starts once per process: these tests give it its WebAssembly first.
  'packages/mock/src/sql-wasm.test.ts',
  // Whether @opentelemetry/api loads: no other file of the worker may have loaded it first.
  'packages/server-core/src/tracing-off.test.ts',
];

/** Every pattern of the tiers before `tier`, which a tier's files must not match. */
export const earlierTiers = (tier: Tier): string[] => {
  const names = Object.keys(tiers) as (keyof typeof tiers)[];
  const index = tier === 'unit' ? names.length : names.indexOf(tier);
  return names.slice(0, index).flatMap((name) => [...tiers[name]]);
};
