import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';

/**
 * Setup file of the `unit` tier: a test there may not start a process or open a socket, so the
 * tier stays fast and needs nothing installed. Calling either fails the test, naming the tier to
 * move the file to (`testing/tiers.ts`).
 */
const refuse = (what: string) => () => {
  throw new Error(
    `unit tier: ${what} is not allowed here; list this file in the system tier (testing/tiers.ts)`,
  );
};

for (const name of ['spawn', 'spawnSync', 'fork', 'exec', 'execSync', 'execFile', 'execFileSync'] as const)
  Object.defineProperty(childProcess, name, { value: refuse(`child_process.${name}`), configurable: true });
net.Socket.prototype.connect = refuse('a network connection') as never;
net.Server.prototype.listen = refuse('listening on a port') as never;
// The named exports too (`import { execFile } from 'node:child_process'`), which otherwise keep the
// functions they had when first imported.
syncBuiltinESMExports();
