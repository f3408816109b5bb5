// Usage: node --import tsx packages/mock/src/bin/init-worker.ts <public-directory>
import { copyWorkerScript } from '../worker-script';

const directory = process.argv[2];
if (!directory) {
  console.error('usage: init-worker <directory served at the root of your page, e.g. public/>');
  process.exit(2);
}
console.log(`wrote ${copyWorkerScript(directory)}`);
