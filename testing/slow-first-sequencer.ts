import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that run for minutes, started first within their tier. On a fresh CI machine vitest has no
 * timings and starts the larger files first; `consumer/readme-snippets.test.ts`, small but the
 * longest of its tier (two TypeScript compilers over every docs block), then started last and ran
 * alone for the last 100 s of the consumer tier while the next tiers waited.
 */
export const SLOW_FILES = [
  'consumer/readme-snippets.test.ts',
  'consumer/packages.test.ts',
  'consumer/browser-tools.test.ts',
  'consumer/runtime-servers.test.ts',
  'packages/server/test/revocation.test.ts',
  'packages/server/test/examples-accepted.test.ts',
  'packages/server/test/cluster/workers.test.ts',
  'packages/server/test/fuzz.test.ts',
  'packages/server/test/scenarios.postgres.test.ts',
];

/**
 * The tiers in the order their files start. The consumer tier waits for the run's tarballs, packed in
 * the background from the start (consumer/packs-global-setup.ts): the browser and scenario tiers
 * run meanwhile. vitest's own order is alphabetical.
 */
export const TIER_ORDER = ['browser', 'scenarios', 'consumer', 'system', 'unit', 'unit:isolated'];

const tierRank = (spec: TestSpecification): number => {
  const index = TIER_ORDER.indexOf(spec.project.name);
  return index < 0 ? TIER_ORDER.length : index;
};

const rankOf = (spec: TestSpecification): number => {
  const index = SLOW_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return index < 0 ? SLOW_FILES.length : index;
};

/** vitest's order within a tier, the tiers in TIER_ORDER, each tier's slow files moved to its front. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort(
        (a, b) => tierRank(a.spec) - tierRank(b.spec) || rankOf(a.spec) - rankOf(b.spec) || a.index - b.index,
      )
      .map(({ spec }) => spec);
  }
}
