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
  'packages/server/src/examples-accepted.test.ts',
  'packages/server/src/conformance-command.test.ts',
  'packages/server/src/revocation.test.ts',
];

const rankOf = (spec: TestSpecification): number => {
  const index = SLOW_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return index < 0 ? SLOW_FILES.length : index;
};

/** vitest's order (tier by tier), with each tier's slow files moved to its front. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const tierStart = new Map<string, number>();
    sorted.forEach((spec, index) => {
      if (!tierStart.has(spec.project.name)) tierStart.set(spec.project.name, index);
    });
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort(
        (a, b) =>
          (tierStart.get(a.spec.project.name) ?? 0) - (tierStart.get(b.spec.project.name) ?? 0) ||
          rankOf(a.spec) - rankOf(b.spec) ||
          a.index - b.index,
      )
      .map(({ spec }) => spec);
  }
}
