/**
 * Every link of every Markdown file packed in a tarball (the README above all) resolves where it is
 * read, on the registry and in `node_modules`: relative links reach a file of the tarball, links to
 * the repository a file of this repository at that path, anchors a heading (testing/markdown-links.ts).
 * Reads the tarballs in memory: no install.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { brokenLinks, folderTree, listedTree, repositoryWebUrl } from '../testing/markdown-links';
import { PACKAGES, type PackageName, REPO_ROOT } from './harness';
import { sharedTarballs } from './packs';
import { tarballFiles } from './tarball-files';

interface PackedManifest {
  name: string;
  repository?: { type?: string; url?: string; directory?: string };
}

let tarballs: Record<PackageName, string>;

beforeAll(async () => {
  tarballs = await sharedTarballs();
}, 900_000);

describe('the packed Markdown files', () => {
  it.each(PACKAGES)('%s: every link resolves where the README is read', (name) => {
    const files = tarballFiles(tarballs[name]);
    const markdown = new Map<string, string | undefined>(
      [...files].map(([path, bytes]) => [path, path.endsWith('.md') ? bytes.toString('utf8') : undefined]),
    );
    expect([...markdown.keys()]).toContain('README.md');
    const manifest = JSON.parse(files.get('package.json')?.toString('utf8') ?? '{}') as PackedManifest;
    const places = {
      packageFiles: listedTree(markdown),
      repositoryUrl: repositoryWebUrl(manifest.repository?.url ?? ''),
      repositoryFiles: folderTree(REPO_ROOT),
    };
    const broken = [...markdown].flatMap(([path, text]) =>
      text === undefined ? [] : brokenLinks(path, text, places),
    );
    expect(broken).toEqual([]);
  });

  it.each(PACKAGES)('%s: names the repository and its folder there, as every package does', (name) => {
    const manifest = JSON.parse(
      tarballFiles(tarballs[name]).get('package.json')?.toString('utf8') ?? '{}',
    ) as PackedManifest;
    expect(manifest.repository?.url).toBe('git+https://github.com/wsadmin/wsadmin.git');
    const folder = manifest.repository?.directory ?? '';
    const there = JSON.parse(readFileSync(join(REPO_ROOT, folder, 'package.json'), 'utf8')) as PackedManifest;
    expect(there.name).toBe(name);
  });
});
