import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { renderContractArtifacts, renderFacadeArtifacts } from './artifacts';

// `npm run generate`: writes every generated file, the contract's first (the facade's read them).
for (const render of [renderContractArtifacts, renderFacadeArtifacts]) {
  for (const artifact of await render()) {
    await mkdir(dirname(artifact.path), { recursive: true });
    await writeFile(artifact.path, artifact.content);
    console.log(`wrote ${artifact.name}`);
  }
}
