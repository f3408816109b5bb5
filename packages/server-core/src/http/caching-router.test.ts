import { operationEntries } from '@wsadmin/contract';
import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { CachingRouter } from './caching-router';
import { bySpecificity, toHonoPath } from './register-operations';

/** Both routers with the contract's routes, in the order the app adds them. */
function routers() {
  const kept = new CachingRouter<string>();
  const plain = new TrieRouter<string>();
  for (const [operationId, op] of [...operationEntries].sort(([, a], [, b]) => bySpecificity(a, b))) {
    for (const router of [kept, plain]) router.add(op.method.toUpperCase(), toHonoPath(op.path), operationId);
  }
  return { kept, plain };
}

const REQUESTS: Array<[string, string]> = [
  ['GET', '/openapi/v1/workspaces/12/'],
  ['GET', '/openapi/v1/workspaces/13/'],
  ['POST', '/openapi/v1/workspaces/update-workspaces/'],
  ['GET', '/openapi/v1/workspaces/update-workspaces/'],
  ['GET', '/openapi/v1/workspaces/12/dimensions/'],
  ['DELETE', '/openapi/v1/workspaces/12/'],
  ['GET', '/openapi/v1/no-such-thing/'],
  ['GET', `/openapi/v1/workspaces/${'9'.repeat(300)}/`],
];

describe('CachingRouter', () => {
  it('matches as the TrieRouter does, the first time and every time after', () => {
    const { kept, plain } = routers();
    for (let round = 0; round < 3; round++) {
      for (const [method, path] of REQUESTS) {
        expect(kept.match(method, path), `${method} ${path}`).toEqual(plain.match(method, path));
      }
    }
    const [[detail]] = kept.match('GET', '/openapi/v1/workspaces/13/') as [
      [string, Record<string, string>][],
    ];
    expect(detail).toEqual(['getWorkspace', { workspaceId: '13' }]);
  });

  it('drops what it kept when a route is added', () => {
    const { kept } = routers();
    const path = '/openapi/v1/workspaces/12/extra/';
    expect(kept.match('GET', path)[0]).toEqual([]);
    kept.add('GET', '/openapi/v1/workspaces/:workspaceId/extra/', 'extra');
    expect(kept.match('GET', path)[0]).toEqual([['extra', { workspaceId: '12' }]]);
  });
});
