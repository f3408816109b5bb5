#!/usr/bin/env node
import cluster from 'node:cluster';
import { printBanner } from '../banner';
import { runPrimary } from '../cluster/primary';
import { runWorker } from '../cluster/worker';
import { readConfig } from '../config';
import { ListenError, type RunningServer, startServer } from '../server';

// `npm start`: the reference server on HOST:PORT with DATABASE_URL; WSADMIN_WORKERS=N > 1 forks
// N processes sharing the port (cluster/primary.ts).
const config = readConfig(process.env);
if (cluster.isWorker) {
  await runWorker(config);
} else if (config.workers > 1) {
  await runPrimary(config);
} else {
  let server: RunningServer;
  try {
    server = await startServer(config);
  } catch (error) {
    if (!(error instanceof ListenError)) throw error;
    console.error(`wsadmin: ${error.message}`);
    process.exit(1);
  }
  printBanner({
    url: server.url,
    location: server.storage.location,
    createdKeySecret: server.createdKeySecret,
    testClock: config.testClock,
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.log(`wsadmin: ${signal}, shutting down`);
      server.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}
