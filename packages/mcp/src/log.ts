/** One line of the server's log: an event and its facts. */
export type LogFields = Readonly<Record<string, string | number | boolean | undefined>>;
export type Log = (event: string, fields?: LogFields) => void;

/** Field names whose values are never written: keys, passwords, plan tokens and the like. */
const SECRET_NAME = /key|password|token|secret|authorization|cookie/i;

/**
 * A log writing one JSON line per event to `write` (the command passes stderr: stdout is the stdio
 * transport). Fields named like secrets are dropped, whatever a caller passes.
 */
export function jsonLinesLog(write: (line: string) => void): Log {
  return (event, fields = {}) => {
    const shown = Object.fromEntries(Object.entries(fields).filter(([name]) => !SECRET_NAME.test(name)));
    write(`${JSON.stringify({ time: new Date().toISOString(), event, ...shown })}\n`);
  };
}

/** A log that writes nothing (tests, embedding). */
export const silentLog: Log = () => {};
