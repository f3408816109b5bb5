#!/usr/bin/env node
import { readConfig } from '../config';
import { startServer } from '../server';

// `npm start`: the reference server on HOST:PORT with DATABASE_URL.
const config = readConfig(process.env);
const server = await startServer(config);
console.log(`wsadmin reference server on ${server.url} (database: ${server.storage.location})`);
console.log(
  `  API:  ${server.url}/openapi/v1/   docs: ${server.url}/docs   document: ${server.url}/openapi.json`,
);
if (server.createdKeySecret) {
  console.log(`  Created an unrestricted access key; it is shown only now:\n  ${server.createdKeySecret}`);
}
if (config.testClock) console.log('  Test clock enabled: POST /__test__/clock/ {"advanceSeconds": N}');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`wsadmin: ${signal}, shutting down`);
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
