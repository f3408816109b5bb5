import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { shareErrorResponses } from '../../packages/sdk/scripts/shared-responses';
import { DO_NOT_EDIT, renderOpenApiDocument } from '../src/openapi';
import { renderRoutePaths, renderRoutes } from './render-route-table';

/** A file that `npm run generate` writes, with the content it must have. */
export interface Artifact {
  /** Absolute path. */
  path: string;
  /** Path relative to the repository root, for messages. */
  name: string;
  content: string;
}

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The files rendered from the contract alone. */
export async function renderContractArtifacts(): Promise<Artifact[]> {
  const openapi = renderOpenApiDocument();
  // The SDK's types from the document with its repeated error responses shared (the same types in
  // two fifths of the size; see packages/sdk/scripts/shared-responses.ts).
  const ast = await openapiTS(shareErrorResponses(JSON.parse(openapi)), {
    alphabetize: false,
    silent: true,
  });
  const types = `// ${DO_NOT_EDIT}\n// Source: contract/openapi.json, through openapi-typescript.\n\n${astToString(ast)}`;
  return [
    { name: 'contract/openapi.json', path: `${root}contract/openapi.json`, content: openapi },
    {
      name: 'packages/sdk/src/generated/openapi.ts',
      path: `${root}packages/sdk/src/generated/openapi.ts`,
      content: types,
    },
    {
      name: 'contract/src/generated/route-table.ts',
      path: `${root}contract/src/generated/route-table.ts`,
      content: renderRoutes(JSON.parse(openapi)),
    },
    {
      name: 'packages/sdk/src/generated/route-paths.ts',
      path: `${root}packages/sdk/src/generated/route-paths.ts`,
      content: renderRoutePaths(JSON.parse(openapi)),
    },
  ];
}

/**
 * The files rendered from the SDK's facade, which reads the generated route table: imported only
 * when called, so `npm run generate` renders them after writing the table (a module imported
 * earlier would hold the table as it was).
 */
export async function renderFacadeArtifacts(): Promise<Artifact[]> {
  const { renderFacadeOperations } = await import('../../packages/sdk/scripts/facade-operations');
  const { renderQueryFactories } = await import('../../packages/sdk/scripts/query-factories');
  return [
    {
      name: 'packages/sdk/src/generated/facade-operations.ts',
      path: `${root}packages/sdk/src/generated/facade-operations.ts`,
      content: renderFacadeOperations(),
    },
    {
      name: 'packages/sdk/src/generated/query-factories.ts',
      path: `${root}packages/sdk/src/generated/query-factories.ts`,
      content: renderQueryFactories(),
    },
  ];
}

/** Every generated file, rendered in memory. */
export async function renderArtifacts(): Promise<Artifact[]> {
  return [...(await renderContractArtifacts()), ...(await renderFacadeArtifacts())];
}

const FIX = 'run `npm run generate` and commit the result.';

/** Compares rendered artifacts with the files on disk; one message per file that differs. */
export async function driftOf(
  artifacts: Artifact[],
  read: (path: string) => Promise<string>,
): Promise<string[]> {
  const messages: string[] = [];
  for (const artifact of artifacts) {
    let committed: string;
    try {
      committed = await read(artifact.path);
    } catch {
      messages.push(`${artifact.name} is missing: ${FIX}`);
      continue;
    }
    if (committed === artifact.content) continue;
    const have = committed.split('\n');
    const want = artifact.content.split('\n');
    const line = want.findIndex((text, index) => have[index] !== text) + 1 || want.length + 1;
    messages.push(
      `${artifact.name} is out of date with the contract (first difference on line ${line}): ${FIX}`,
    );
  }
  return messages;
}
