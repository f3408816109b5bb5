// The server's own matcher: the mock finds the operation of a request exactly as the router does.
export { type MatchedOperation, matchOperation } from '@wsadmin/server-core';
