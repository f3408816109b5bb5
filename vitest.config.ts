import { availableParallelism } from 'node:os';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './testing/slow-first-sequencer.ts';
import { earlierTiers, isolatedUnits, type Tier, tiers } from './testing/tiers.ts';

// Workspace packages resolve to their TypeScript sources through the "@wsadmin/source" export
// condition, so tests never need a build; consumers of the packed tarballs get dist/.
const SOURCE_CONDITION = '@wsadmin/source';

const ALL = [
  'contract/**/*.test.ts',
  'packages/**/*.test.ts',
  // Tests across packages (the SDK against the Node server): no package of their own, no cycle.
  'integration/**/*.test.ts',
  'examples/**/*.test.ts',
  'consumer/*.test.ts',
  'testing/*.test.ts',
  '.ci/*.test.mjs',
];
const EXCLUDED = ['**/node_modules/**', '**/dist/**'];
const UNIT_SETUP = ['testing/unit-tier-guard.ts', 'testing/quiet-console-guard.ts'];
// One throwaway PostgreSQL server per run for the tiers with PostgreSQL tests (skipped where it is not installed).
const POSTGRES = 'packages/server-testing/src/postgres-global-setup.ts';
// A folder for the tarballs the consumer tests pack once per run (consumer/packs.ts).
const PACKS = 'consumer/packs-global-setup.ts';
const GLOBAL_SETUP: Record<Tier, string[]> = {
  unit: [],
  browser: [],
  consumer: [PACKS],
  scenarios: [POSTGRES],
  system: [POSTGRES],
};

export default defineConfig({
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
  // Vitest also hands these to its Node workers (--conditions), so they steer Node's own require of
  // external packages. Vite's "module" is left out there: Node knows no such condition, and with it
  // prom-client's require('@opentelemetry/api') loaded an ES build Node cannot run.
  ssr: {
    resolve: {
      conditions: [
        SOURCE_CONDITION,
        ...defaultServerConditions.filter((condition) => condition !== 'module'),
      ],
    },
  },
  test: {
    // The tiers (testing/tiers.ts), each a project: `npm run test:unit` is `vitest run --project unit`.
    projects: [
      ...(['unit', ...Object.keys(tiers)] as Tier[]).map((tier) => ({
        extends: true as const,
        test: {
          name: tier,
          include: tier === 'unit' ? ALL : [...tiers[tier]],
          exclude: [...EXCLUDED, ...earlierTiers(tier), ...(tier === 'unit' ? isolatedUnits : [])],
          setupFiles: tier === 'unit' ? UNIT_SETUP : [],
          globalSetup: GLOBAL_SETUP[tier],
          // Unit files share their worker's modules: a third of the time it took to import them apiece.
          isolate: tier !== 'unit',
        },
      })),
      { extends: true, test: { name: 'unit:isolated', include: isolatedUnits, setupFiles: UNIT_SETUP } },
    ],
    // The JSON report lets .ci/run print one plain "N passed, N failed" line.
    reporters: ['default', ['json', { outputFile: '.vitest-report.json' }]],
    // Vitest's default in a run is one worker fewer than the cores: a single worker on a 2-core CI
    // machine, so every file ran after the other. Many files mostly wait on child processes (servers,
    // PostgreSQL, npm install), so one worker more than the cores keeps both cores busy: the suite
    // went from 7.5 to 4.6 minutes on this 2-core machine. At most 8: each file may start servers
    // and PostgreSQL pools (the throwaway PostgreSQL server allows 300 connections).
    maxWorkers: Math.min(availableParallelism() + 1, 8),
    sequence: { sequencer: SlowFirstSequencer },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
