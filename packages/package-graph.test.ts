import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dependencyCycles, type PackageGraph, privateWorkspaces, workspaceGraph } from './package-graph';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

describe("the workspace's package graph", () => {
  it('has no dependency cycle, dev and peer dependencies included', () => {
    const graph = workspaceGraph(root);
    // A read that found nothing would pass while checking nothing.
    expect([...graph.keys()].sort()).toEqual([
      '@wsadmin/conformance',
      '@wsadmin/contract',
      '@wsadmin/mcp',
      '@wsadmin/mock',
      '@wsadmin/sdk',
      '@wsadmin/server',
      '@wsadmin/server-core',
      '@wsadmin/server-testing',
    ]);
    expect(graph.get('@wsadmin/server')).toContain('@wsadmin/conformance');
    expect(dependencyCycles(graph)).toEqual([]);
  });

  it('has no published package that depends on a private one (the harness), of any kind', () => {
    const graph = workspaceGraph(root);
    const unpublished = privateWorkspaces(root);
    expect(unpublished).toEqual(['@wsadmin/server-testing']);
    // The harness drives the server, not the other way round.
    expect(graph.get('@wsadmin/server-testing')).toContain('@wsadmin/server');
    const published = [...graph].filter(([name]) => !unpublished.includes(name));
    expect(
      published.flatMap(([name, needs]) =>
        needs.filter((need) => unpublished.includes(need)).map((need) => `${name} -> ${need}`),
      ),
    ).toEqual([]);
  });

  it('keeps test code out of server-core: no vitest, no SDK, no conformance suite at run time', () => {
    const manifest = JSON.parse(
      readFileSync(join(root, 'packages', 'server-core', 'package.json'), 'utf8'),
    ) as Record<string, Record<string, string> | undefined>;
    const runtime = { ...manifest.dependencies, ...manifest.peerDependencies };
    const all = { ...runtime, ...manifest.devDependencies };
    expect(Object.keys(all)).not.toContain('vitest');
    expect(
      Object.keys(runtime).filter((name) => /^(@wsadmin\/(sdk|conformance)|vitest|fast-check)$/.test(name)),
    ).toEqual([]);
    expect(Object.keys(manifest.exports ?? {})).not.toContain('./testing');
  });
});

const graph = (edges: Record<string, string[]>): PackageGraph => new Map(Object.entries(edges));

describe('dependencyCycles', () => {
  it.each<[string, Record<string, string[]>, string[]]>([
    ['no packages', {}, []],
    ['a chain', { a: ['b'], b: ['c'], c: [] }, []],
    ['a diamond', { a: ['b', 'c'], b: ['d'], c: ['d'], d: [] }, []],
    ['a package depending on itself', { a: ['a'] }, ['a -> a']],
    ['two packages', { a: ['b'], b: ['a'] }, ['a -> b -> a']],
    ['three, named from the smallest', { c: ['a'], a: ['b'], b: ['c'] }, ['a -> b -> c -> a']],
    [
      'the loop issue 23 found (sdk dev-depends on server, server-core on the sdk)',
      { sdk: ['server', 'server-core'], server: ['server-core'], 'server-core': ['sdk'] },
      ['sdk -> server -> server-core -> sdk', 'sdk -> server-core -> sdk'],
    ],
    ['two separate loops', { a: ['b'], b: ['a'], c: ['d'], d: ['c'] }, ['a -> b -> a', 'c -> d -> c']],
  ])('%s', (_name, edges, want) => {
    expect(dependencyCycles(graph(edges))).toEqual(want);
  });
});
