import type { Dialect } from '@wsadmin/server-core';
import type { AllowedScan } from './query-plans';

/**
 * Statements allowed to read a whole growing table (query-plans.test.ts), each with its reason:
 * listings whose answer is every row. Anything else that scans fails the test.
 */
const LISTINGS: AllowedScan[] = [
  {
    statement: /^select \* from "workspaces" order by "id"$/,
    table: 'workspaces',
    reason: 'GET /workspaces/ answers every workspace the key may see (the spec has no paging)',
  },
  {
    statement: /^select \* from "workspaces" where \(lower\("name"\) like/,
    table: 'workspaces',
    reason:
      'GET /workspaces/?q= is a substring search: no B-tree serves "%q%", and workspaces number in the thousands, not in the hundred thousands as accounts do',
  },
  {
    statement: /^select \* from "accounts" order by "created_at", "uid"$/,
    table: 'accounts',
    reason: 'GET /accounts/ without q answers every account (the spec has no paging)',
  },
];

export const ALLOWED_SCANS: Record<Dialect, AllowedScan[]> = {
  sqlite: LISTINGS,
  postgres: LISTINGS,
};
