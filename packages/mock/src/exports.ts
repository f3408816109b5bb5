// What every entry exports besides its own `createMock` (index.ts, node.ts, browser.ts).
// The server's own matcher: the mock finds the operation of a request exactly as the router does.
export { type MatchedOperation, matchOperation } from '@wsadmin/server-core';
export { type MockCallInput, type MockClient, MockRequestError } from './client';
export {
  MOCK_BASE_URL,
  MOCK_KEY,
  type MockClock,
  type MockKey,
  type MockOptions,
  type MockSnapshot,
  type MockSnapshotClock,
  type WsadminMock,
} from './create-mock';
export {
  MOCK_TABLE_NAMES,
  type MockTableName,
  type MockTableRow,
  type MockTables,
  readTables,
  type TableSource,
} from './inspect/tables';
export type { MockHarFields } from './journal/har';
export type { DeepPartial, MockRequestMatch } from './journal/match';
export {
  type MockMatcherContext,
  type MockMatcherResult,
  type MockMatchers,
  type MockOrderStep,
  mockMatchers,
} from './journal/matchers';
export type {
  ManagementObjectKind,
  MockAnswer,
  MockChange,
  MockChangeKind,
  MockJournalOptions,
  MockOperationRequest,
  MockRequest,
  MockRequestCommon,
  MockUnmatchedRequest,
} from './journal/types';
export {
  type MockActiveOverride,
  MockContractError,
  type Override,
  type OverrideContext,
  type OverrideHandler,
  type OverrideOptions,
} from './overrides';
export {
  defineScenario,
  type MockScenario,
  type ScenarioOverride,
  type ScenarioOverrides,
} from './scenario';
export type { MockSeed, SeedFunction, SeedWorkspace } from './seed';
export { MockSnapshotError } from './snapshot/snapshot-format';
export {
  type AllowedRejection,
  type MockRejection,
  MockRejectionError,
  type RejectionMatcher,
  type RejectionStatus,
} from './strict/rejection';
export type {
  ErrorAnswer,
  OverrideData,
  RequestBody,
  RequestParams,
  RequestQuery,
  ResponseData,
} from './types';
