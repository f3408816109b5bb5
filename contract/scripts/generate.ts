import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { renderArtifacts } from './artifacts';

// `npm run generate`: writes every generated file from the contract.
for (const artifact of await renderArtifacts()) {
  await mkdir(dirname(artifact.path), { recursive: true });
  await writeFile(artifact.path, artifact.content);
  console.log(`wrote ${artifact.name}`);
}
