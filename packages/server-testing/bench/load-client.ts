import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadRequest, LoadSummary } from './load';

/** A load-generator process (load.ts) that runs one measurement at a time. */
export class LoadGenerator {
  private readonly child: ChildProcess;

  constructor() {
    this.child = fork(fileURLToPath(new URL('./load.ts', import.meta.url)), [], {
      execArgv: ['--conditions=@wsadmin/source', '--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
  }

  run(request: LoadRequest): Promise<LoadSummary> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`load generator exited (${code})`));
      this.child.once('exit', onExit);
      this.child.once('message', (message: { summary?: LoadSummary; error?: string }) => {
        this.child.off('exit', onExit);
        if (message.summary) resolve(message.summary);
        else reject(new Error(`load generator failed: ${message.error}`));
      });
      this.child.send(request);
    });
  }

  close(): void {
    this.child.kill();
  }
}
