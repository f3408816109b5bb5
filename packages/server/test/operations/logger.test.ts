import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RequestReport } from '@wsadmin/server-core';
import { jsonLinesLogger, logRequest } from '@wsadmin/server-core/server-kit';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createLogger, logWritten } from '../../src/operations/logger';

const REPORT: RequestReport = {
  requestId: 'req-1',
  method: 'POST',
  route: '/openapi/v1/workspaces/',
  operationId: 'createWorkspace',
  status: 200,
  durationMs: 12.3456,
  keyId: 'key_1',
  rateLimited: 'key',
};

describe("the Node server's pino and the other runtimes' lines", () => {
  it('write the same fields in the same order', () => {
    const pinoLines: Record<string, unknown>[] = [];
    const pino = createLogger(
      { level: 'info', format: 'json' },
      { write: (line: string) => void pinoLines.push(JSON.parse(line)) },
    );
    const coreLines: Record<string, unknown>[] = [];
    const core = jsonLinesLogger({
      level: 'info',
      pid: process.pid,
      write: (line) => coreLines.push(JSON.parse(line)),
    });
    for (const report of [REPORT, { ...REPORT, status: 500 }]) {
      logRequest(pino, report);
      logRequest(core, report);
    }
    const withoutTime = (lines: Record<string, unknown>[]) => lines.map(({ time, ...rest }) => rest);
    expect(withoutTime(coreLines)).toEqual(withoutTime(pinoLines));
    expect(coreLines.map((line) => Object.keys(line))).toEqual(pinoLines.map((line) => Object.keys(line)));
    expect(pinoLines[0]).toMatchObject({ level: 30, durationMs: 12.3, msg: 'request' });
  });
});

describe('logWritten', () => {
  it("resolves once the asynchronous destination's writes are done, not when pino's flush calls back", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'wsadmin-log-'));
    const file = join(folder, 'log.jsonl');
    const destination = pino.destination({ dest: file, sync: false });
    await new Promise((ready) => destination.once('ready', ready));
    try {
      const logger = createLogger({ level: 'info', format: 'json' }, destination);
      // Megabytes in one go: the first asynchronous write is still in flight when the test asks.
      const padding = 'x'.repeat(1000);
      for (let line = 0; line < 4000; line++) logger.info({ line, padding }, 'filler');
      logger.info({}, 'the last line');
      const flushedAt = await new Promise<string>((called) =>
        logger.flush(() => called(readFileSync(file, 'utf8'))),
      );
      // What pino's own flush gives (why logWritten exists): the file is not complete yet.
      expect(flushedAt).not.toContain('the last line');
      await logWritten(logger);
      const lines = readFileSync(file, 'utf8').trim().split('\n');
      expect(lines).toHaveLength(4001);
      expect(JSON.parse(lines.at(-1) ?? '{}')).toMatchObject({ msg: 'the last line' });
    } finally {
      destination.destroy();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
