import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { type Artifact, driftOf, renderArtifacts } from './artifacts';

describe('generated files', () => {
  it('are up to date with the contract', async () => {
    const drift = await driftOf(await renderArtifacts(), (path) => readFile(path, 'utf8'));
    expect(drift, drift.join('\n')).toEqual([]);
  });

  it('start with a do-not-edit header', async () => {
    for (const artifact of await renderArtifacts()) {
      expect(artifact.content.slice(0, 200)).toMatch(/Do not edit by hand/);
    }
  });

  it('report a changed schema with the command that fixes it', async () => {
    const changed: Artifact = {
      name: 'contract/openapi.json',
      path: '/virtual/openapi.json',
      content: '{"a":2}\n',
    };
    const drift = await driftOf([changed], async () => '{"a":1}\n');
    expect(drift).toEqual([
      'contract/openapi.json is out of date with the contract (first difference on line 1): run `npm run generate` and commit the result.',
    ]);
  });

  it('report a missing file with the command that fixes it', async () => {
    const missing: Artifact = { name: 'x.ts', path: '/virtual/x.ts', content: 'x' };
    const drift = await driftOf([missing], async () => {
      throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    });
    expect(drift).toEqual(['x.ts is missing: run `npm run generate` and commit the result.']);
  });
});
