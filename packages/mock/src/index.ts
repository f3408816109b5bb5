export { type MockCallInput, type MockClient, MockRequestError } from './client';
export { type MatchedOperation, matchOperation } from './match';
export {
  createMock,
  MOCK_BASE_URL,
  MOCK_KEY,
  type MockClock,
  type MockKey,
  type MockOptions,
  type MockSnapshot,
  type WsadminMock,
} from './mock';
export {
  MockContractError,
  type Override,
  type OverrideContext,
  type OverrideHandler,
  type OverrideOptions,
} from './overrides';
export type { MockSeed, SeedFunction, SeedWorkspace } from './seed';
export type {
  ErrorAnswer,
  OverrideData,
  RequestBody,
  RequestParams,
  RequestQuery,
  ResponseData,
} from './types';
