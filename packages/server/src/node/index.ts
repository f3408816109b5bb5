/**
 * Node entry (`@wsadmin/server/node`): the server as `npm start` runs it, for the tests and examples of
 * other packages. Kept apart from the main entry, which also runs in browsers (the MSW mock).
 */
export { readConfig, type ServerConfig } from './config';
export { type RunningServer, startServer } from './server';
