import type { OperationId } from '../all-operations';
import type { OperationExample } from './example';
import { exampleCatalogue } from './management';
import { managedWorldRequests } from './management-objects';
import { exampleWorld } from './values';

const { workspace, account, peer, memberGroup, timeSeries, dimension, measure } = exampleWorld;
const params = { workspaceId: workspace.id };
const { status: _a, ...accountFields } = account;
const { status: _p, ...peerFields } = peer;
const { id: _t, defaultTimeFunc: _f, used: _u, ...timeSeriesFields } = timeSeries;
const { id: _d, models: _m, used: _du, ...dimensionFields } = dimension;
const { id: _me, ...measureFields } = measure;

/**
 * The requests that make the example world on a new database, in order: every example is accepted
 * after them (each one on a database of its own). Their answers carry the ids of `exampleWorld`;
 * a commit names the plan token of the preview before it (EXAMPLE_PLAN_TOKEN stands for it).
 */
export const exampleWorldRequests: readonly (readonly [OperationId, OperationExample])[] = [
  ['createWorkspace', { body: { name: workspace.name, desc: workspace.desc }, data: workspace }],
  ['setSourceCatalogue', { params, body: exampleCatalogue, data: exampleCatalogue }],
  ['createAccount', { body: { ...accountFields, password: 'alice-example-password' }, data: account }],
  ['createAccount', { body: peerFields, data: peer }],
  ['createMemberGroup', { params, body: { name: memberGroup.name }, data: memberGroup }],
  [
    'addMember',
    {
      params,
      body: { uid: account.uid, role: 2, memberGroupIds: [memberGroup.id] },
      data: { uid: account.uid, role: 2, memberGroupIds: [memberGroup.id] },
    },
  ],
  ['createTimeSeries', { params, body: timeSeriesFields, data: timeSeries }],
  ['createDimensions', { params, body: { dimensions: [dimensionFields] }, data: [dimension] }],
  ['createMeasures', { params, body: { measures: [measureFields] }, data: [measure] }],
  ...managedWorldRequests,
];
