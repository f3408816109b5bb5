import { defineConfig } from 'tsdown';
import { libraryBuild } from '../../tsdown.base';

const build = libraryBuild({ entry: { index: 'src/index.ts', testing: 'src/testing/index.ts' } });

/** A declaration file of the dts pass (`src/…/x.d.ts`), as opposed to the JavaScript pass. */
const isDeclaration = (importer: string | undefined) => importer?.endsWith('.d.ts') ?? false;

export default defineConfig({
  ...build,
  // Kysely ships ~260 ES module files: loading them took a third of the mock's import time. Its
  // code is bundled (the parts the core uses, one file: about 200 ms less per fresh process, see
  // packages/mock/README.md); its declarations are not, so `Storage.db` stays the `Kysely` type of
  // the `kysely` package that the server and users import.
  deps: { ...build.deps, alwaysBundle: (id, importer) => id === 'kysely' && !isDeclaration(importer) },
});
