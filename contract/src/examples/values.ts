import type { z } from 'zod';
import type { Account } from '../resources/accounts';
import type { Dimension } from '../resources/dimensions';
import type { Measure } from '../resources/measures';
import type { MemberGroup } from '../resources/member-groups';
import type { TimeSeries } from '../resources/time-series';
import { type Workspace, workspaceDefaults } from '../resources/workspaces';

/**
 * The chosen values the examples share: what they name must exist before they are sent. On a new
 * database the example test creates these in this order, so the ids are the ones given here
 * (workspaces, member groups and the objects of a workspace each count from 1; time series,
 * dimensions and measures share one sequence).
 */
/** The keywords (first of `names`) of the example workspace's objects. */
export const exampleKeywords = { timeSeries: 'order date', dimension: 'region', measure: 'revenue' } as const;

export const exampleWorld = {
  /** The calling access key: no feature or workspace restriction, no expiry. */
  key: { id: 'key_Q2x5dGVtcG9y', name: 'reporting', desc: 'Nightly reporting job' },
  workspace: {
    ...workspaceDefaults,
    id: 1,
    name: 'Sales',
    desc: 'Orders and revenue',
    hcl: false,
  } satisfies z.input<typeof Workspace>,
  /** A member (admin) of the workspace. */
  account: {
    uid: '6f1c2e3a-4b5d-4e6f-8a7b-9c0d1e2f3a4b',
    status: 1,
    username: 'alice',
    phone: '+44 20 7946 0000',
    email: 'alice@example.com',
    nickname: 'Alice',
    desc: 'Sales analyst',
    role: 0,
    tier: 0,
    type: 0,
  } satisfies z.input<typeof Account>,
  /** An account that is not a member of the workspace. */
  peer: {
    uid: '0a9b8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d',
    status: 1,
    username: 'bob',
    phone: '',
    email: 'bob@example.com',
    nickname: 'Bob',
    desc: '',
    role: 0,
    tier: 0,
    type: 0,
  } satisfies z.input<typeof Account>,
  memberGroup: { id: 1, name: 'Analysts' } satisfies z.input<typeof MemberGroup>,
  timeSeries: {
    id: 1,
    type: 'date',
    names: [exampleKeywords.timeSeries, 'date'],
    format: 'yyyy-MM-dd',
    description: 'Day the order was placed',
    timeUnit: 'day',
    defaultTimeFunc: null,
    used: false,
    table: 'orders',
    field: 'order_date',
  } satisfies z.input<typeof TimeSeries>,
  dimension: {
    id: 2,
    type: 'string',
    format: 'text',
    names: [exampleKeywords.dimension, 'area'],
    rating: 0,
    description: 'Sales region',
    isKeyword: false,
    autoGroup: false,
    enableSubDimensionExplorer: false,
    keywordFilters: [],
    subDimensions: [],
    models: [],
    used: false,
  } satisfies z.input<typeof Dimension>,
  measure: {
    id: 3,
    names: [exampleKeywords.measure, 'sales'],
    description: 'Order value',
    sort: -1,
  } satisfies z.input<typeof Measure>,
};

/** The `Idempotency-Key` of the commit examples: a fresh uuid per commit is the usual choice. */
export const IDEMPOTENCY_KEY_EXAMPLE = '5b0e8a1c-3d7f-4e2a-9b6c-8f1d0e3a7c42';

/** The time the examples are made at: the example test's clock stands still there. */
export const EXAMPLE_NOW = '2026-03-02T09:00:00.000Z';
/** A plan token as a preview answers it (each one is made at random). */
export const EXAMPLE_PLAN_TOKEN = 'pt_c2FtcGxlLXBsYW4tdG9rZW4tZm9yLWV4YW1wbGVzIQ';
/** An operation id as a commit answers it (each one is made at random). */
export const EXAMPLE_OPERATION_ID = 'op_ZXhhbXBsZS1vcA';

/** The id the next object of the example workspace gets (time series, dimensions, measures and the
 * management kinds share one sequence; the example world holds objects 1 to 8). */
export const EXAMPLE_NEXT_ID = 9;
/** A model uid as the server assigns it (each one is made at random). */
export const EXAMPLE_MODEL_UID = 'mdl_c2FsZXMtb3Zl';
