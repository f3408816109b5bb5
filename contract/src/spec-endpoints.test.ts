import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import openapi from '../openapi.json' with { type: 'json' };
import listed from '../spec-endpoints.json' with { type: 'json' };
import { expandCollections, parseSpecEndpoints, type SpecEndpoint } from './spec-endpoints';

// The repository's own copy of the spec's endpoint list (contract/spec-endpoints.json): what the
// document is held against, in any clone.
const specEndpoints: SpecEndpoint[] = listed.endpoints.map((pair) => {
  const [method = '', path = ''] = pair.split(' ');
  return { method, path };
});

// The service document itself lives outside the repository: where it is found, the copy is
// compared with it; elsewhere (a plain clone) the comparison is skipped, and says so.
const specPath =
  process.env.WSADMIN_SPEC_PATH ||
  fileURLToPath(new URL('../../../shared/spec/service-interface.md', import.meta.url));
const spec = existsSync(specPath) ? readFileSync(specPath, 'utf8') : undefined;
if (spec === undefined)
  console.warn(
    `Skipped: contract/spec-endpoints.json not compared with the service document, which is not at ${specPath} (WSADMIN_SPEC_PATH names another place).`,
  );

type PathItem = Record<string, { tags?: string[] }>;
const documented = Object.entries(openapi.paths as Record<string, PathItem>).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, tags: op.tags ?? [] })),
);
const key = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

describe('the spec parser', () => {
  it.each([
    ['an absolute path', '| GET | /openapi/v1/scopes/ | h | d |', 'GET /openapi/v1/scopes/'],
    [
      'a suffix under Base',
      'Base: `/a/`\n\n| Method | Path suffix |\n| POST | create-x/ | b | d |',
      'POST /a/create-x/',
    ],
    ['(none) under Base', 'Base: `/a/`\n| GET | (none) | b | d |', 'GET /a/'],
    ['a path under Prefix', 'Prefix: `/m/`\n| GET | {collection}/ | none | d |', 'GET /m/{collection}/'],
  ])('reads %s', (_name, table, want) => {
    const found = parseSpecEndpoints(`# x\n\n## Endpoints\n\n${table}\n\n## Next\n| GET | /ignored/ |`);
    expect(found.map(key)).toEqual([want]);
  });
});

describe('contract/spec-endpoints.json', () => {
  it.skipIf(spec === undefined)(
    spec === undefined
      ? `is compared with the service document: skipped, no document at ${specPath}`
      : `holds the 56 method+path pairs of the endpoint tables of ${specPath}`,
    () => {
      const found = parseSpecEndpoints(spec ?? '').map(key);
      // The member batch form shares its method+path pair with the single form.
      expect(found).toHaveLength(56);
      expect(listed.endpoints).toEqual(found);
    },
  );
});

describe('openapi.json against the spec', () => {
  it('holds every method+path pair of the endpoint tables, {collection} expanded per object kind', () => {
    const have = new Set(documented.map(key));
    const missing = expandCollections(specEndpoints)
      .map(key)
      .filter((pair) => !have.has(pair));
    expect(missing).toEqual([]);
  });

  it('holds nothing under /openapi/v1/ that is neither in the spec nor tagged extensions', () => {
    const inSpec = new Set(expandCollections(specEndpoints).map(key));
    const extra = documented
      .filter(
        (e) => e.path.startsWith('/openapi/v1/') && !inSpec.has(key(e)) && !e.tags.includes('extensions'),
      )
      .map(key);
    expect(extra).toEqual([]);
  });

  it('tags as extensions only what the spec does not list', () => {
    const inSpec = new Set(expandCollections(specEndpoints).map(key));
    const wronglyTagged = documented
      .filter((e) => e.tags.includes('extensions') && inSpec.has(key(e)))
      .map(key);
    expect(wronglyTagged).toEqual([]);
  });
});
