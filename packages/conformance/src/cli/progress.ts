import type { ProgressMode } from './args';
import type { Outcome } from './runner';

/** Where progress goes (stderr): `columns` is the terminal's width, when it has one. */
export interface ProgressStream {
  write(text: string): unknown;
  columns?: number;
}

export interface Progress {
  onStart(test: { group: string; index: number }): void;
  onOutcome(outcome: Outcome): void;
  /** Writes something else (a failure on stdout) without tearing the live line. */
  above(write: () => void): void;
  /** Ends the progress (the last group's line, or the live line cleared) before the summary. */
  finish(): void;
}

const CLEAR_LINE = '\r\x1b[2K';

/**
 * The run's progress: `live` rewrites one line in place (count, current group, failures so far),
 * `lines` writes a line per group when it ends (for logs, where a rewritten line would pile up),
 * `none` writes nothing.
 */
export function progressOn(
  mode: ProgressMode,
  stream: ProgressStream,
  total: number,
  clock: () => number = () => performance.now(),
): Progress {
  let done = 0;
  let failed = 0;
  let current: { group: string; started: number; counts: Record<Outcome['status'], number> } | undefined;
  let shown = false;

  const liveLine = (group: string) => {
    const line = `wsadmin-conformance: ${done}/${total} ${group}${failed > 0 ? `, ${failed} failed so far` : ''}`;
    // A line wider than the terminal wraps, and \r then rewrites only its last part.
    const width = Math.max(20, (stream.columns ?? 80) - 1);
    return line.length > width ? `${line.slice(0, width - 1)}…` : line;
  };
  const draw = () => {
    if (mode !== 'live' || current === undefined) return;
    stream.write(`${CLEAR_LINE}${liveLine(current.group)}`);
    shown = true;
  };
  const clear = () => {
    if (!shown) return;
    stream.write(CLEAR_LINE);
    shown = false;
  };
  const endGroup = () => {
    if (mode !== 'lines' || current === undefined) return;
    const { passed, failed: groupFailed, 'not run': notRun } = current.counts;
    const seconds = ((clock() - current.started) / 1000).toFixed(1);
    stream.write(
      `wsadmin-conformance: ${current.group}: ${passed} passed, ${groupFailed} failed, ${notRun} not run (${done}/${total} tests, ${seconds} s)\n`,
    );
  };

  return {
    onStart({ group }) {
      if (current?.group !== group) {
        endGroup();
        current = { group, started: clock(), counts: { passed: 0, failed: 0, 'not run': 0 } };
      }
      draw();
    },
    onOutcome(outcome) {
      done += 1;
      if (outcome.status === 'failed') failed += 1;
      if (current) current.counts[outcome.status] += 1;
      // The next test's start redraws; a failure shows at once.
      if (outcome.status === 'failed') draw();
    },
    above(write) {
      clear();
      write();
      draw();
    },
    finish() {
      endGroup();
      clear();
      current = undefined;
    },
  };
}
