import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '../src/processes';
import { measureScale, scaleTable } from './scale-measure';

/**
 * The PostgreSQL write-scaling bench alone (`npm run bench` runs it too, with --connections 8,32):
 * --connections (default 8,16,32), --processes (2), --duration (6 s); --repo runs the servers of
 * another checkout (its node_modules installed), for before/after figures.
 *
 *   node --conditions=@wsadmin/source --import tsx packages/server-testing/bench/scale.ts [--duration 6]
 */
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '6' },
    connections: { type: 'string', default: '8,16,32' },
    processes: { type: 'string', default: '2' },
    repo: { type: 'string', default: REPO_ROOT },
  },
});
const repo = resolve(args.repo);
const duration = Number(args.duration);
const rows = await measureScale({
  durationSeconds: duration,
  connections: args.connections.split(',').map(Number),
  processes: Number(args.processes),
  repo,
});
console.log(`\nServers from ${repo}; ${duration} s per measurement; PostgreSQL 15, fsync on.\n`);
console.log(scaleTable(rows).join('\n'));
