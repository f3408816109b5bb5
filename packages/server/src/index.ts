/**
 * `@wsadmin/server`: the reference server for Node, as `npm start` and `npx wsadmin-server` run it
 * (SQLite file by default, PostgreSQL for several processes), and its storage openers. The app
 * itself, without Node, is `@wsadmin/server-core`.
 */
export { type LogLevel, readConfig, type ServerConfig } from './config';
export { openStorageFromUrl } from './open-storage';
export { openPostgresStorage } from './postgres';
export { type RunningServer, type StartOptions, startServer } from './server';
export { openSqliteStorage } from './sqlite-file';
