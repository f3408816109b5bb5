/**
 * `npm run drill:workers -- <setup> [--seed N] [--requests N]`: the concurrency drill
 * (consumer/workers-drill.ts) on one setup of consumer/workers-drill-setups.ts, the Worker bundled
 * from this repository's sources (no packing), its findings printed. Exits 1 when it found violations.
 */
import { formatReport, runWorkersDrill } from './workers-drill';
import { SOURCES, startWorkers, WORKERS_SETUPS } from './workers-drill-setups';

const USAGE = `Usage: npm run drill:workers -- <${Object.keys(WORKERS_SETUPS).join('|')}> [--seed N] [--requests N]`;

function parse(args: readonly string[]) {
  const [name, ...rest] = args;
  const setup = name === undefined ? undefined : WORKERS_SETUPS[name];
  if (!name || !setup) throw new Error(name ? `no setup named ${name}\n${USAGE}` : USAGE);
  const options: { seed?: number; requests?: number } = {};
  for (let index = 0; index < rest.length; index += 2) {
    const flag = rest[index];
    const value = Number(rest[index + 1]);
    if ((flag !== '--seed' && flag !== '--requests') || !Number.isInteger(value) || value < 1)
      throw new Error(`bad argument ${flag ?? ''} ${rest[index + 1] ?? ''}\n${USAGE}`);
    options[flag === '--seed' ? 'seed' : 'requests'] = value;
  }
  return { name, setup, options };
}

try {
  const { name, setup, options } = parse(process.argv.slice(2));
  const report = await runWorkersDrill(() => startWorkers(setup, SOURCES), options);
  console.log(formatReport(name, report));
  process.exitCode = report.violations.length > 0 ? 1 : 0;
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 2;
}
