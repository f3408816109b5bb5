import { describe, expect, it } from 'vitest';
import {
  directDependencies,
  directEngineWarnings,
  engineWarnings,
  filesOnlySpecs,
  otherNodeOnlySpecs,
} from './engine-warnings.mjs';

/** What npm 10 prints for a package whose `engines` exclude the running Node. */
const warning = (spec) => `npm warn EBADENGINE Unsupported engine {
npm warn EBADENGINE   package: '${spec}',
npm warn EBADENGINE   required: { node: '>=22' },
npm warn EBADENGINE   current: { node: 'v20.20.2', npm: '10.8.2' }
npm warn EBADENGINE }`;

describe('.ci/engine-warnings', () => {
  it('reads every package npm warned about', () => {
    const output = [
      'added 1 package',
      warning('@scalar/api-reference@1.72.1'),
      warning('vue-demi@0.14.10'),
    ].join('\n');
    expect(engineWarnings(output)).toEqual(['@scalar/api-reference@1.72.1', 'vue-demi@0.14.10']);
    expect(engineWarnings('added 500 packages in 20s')).toEqual([]);
  });

  it('finds the direct dependencies of the root and of every workspace package', () => {
    const direct = directDependencies(new URL('..', import.meta.url).pathname);
    // root devDependency, server dependency, mock dependency
    for (const name of ['vitest', '@scalar/api-reference', 'msw']) expect(direct.has(name), name).toBe(true);
    expect(direct.has('vue')).toBe(false);
  });

  it.each([
    [
      'a direct dependency of a workspace package',
      '@scalar/api-reference@1.72.1',
      ['@scalar/api-reference@1.72.1'],
    ],
    ['a scoped transitive dependency', '@scalar/components@0.30.3', []],
    ['an unscoped transitive dependency', 'vue-demi@0.14.10', []],
  ])('flags %s only when it is direct', (_what, spec, want) => {
    const direct = new Set(['@scalar/api-reference', 'vitest']);
    expect(directEngineWarnings(warning(spec), direct)).toEqual(want);
  });

  it('exempts the aliases run only on Node 22 and 24, by their exact version, and nothing else', () => {
    const exempt = otherNodeOnlySpecs(new URL('..', import.meta.url).pathname);
    expect([...exempt]).toEqual([expect.stringMatching(/^msw@3\.\d+\.\d+$/)]);
    const direct = new Set(['msw']);
    const [msw3] = [...exempt];
    expect(directEngineWarnings(warning(msw3), direct, exempt)).toEqual([]);
    expect(directEngineWarnings(warning('msw@2.99.0'), direct, exempt)).toEqual(['msw@2.99.0']);
  });

  it('exempts the packages only whose files are used, at the version the lockfile pins, and nothing else', () => {
    const exempt = filesOnlySpecs(new URL('..', import.meta.url).pathname);
    expect([...exempt]).toEqual([expect.stringMatching(/^@sparticuz\/chromium@\d+\.\d+\.\d+$/)]);
    const direct = new Set(['@sparticuz/chromium']);
    const [chromium] = [...exempt];
    expect(directEngineWarnings(warning(chromium), direct, exempt)).toEqual([]);
    expect(directEngineWarnings(warning('@sparticuz/chromium@999.0.0'), direct, exempt)).toEqual([
      '@sparticuz/chromium@999.0.0',
    ]);
  });
});
