import { format } from 'node:util';
import { afterEach, beforeEach } from 'vitest';

/**
 * Setup file of the `unit` tiers: a passing test prints nothing. Whatever a test writes through
 * `console` fails it, with the text, so a warning or an error log cannot hide in a green run. A test
 * that expects output takes it itself (`vi.spyOn(console, 'warn').mockImplementation(...)`) and
 * asserts on it; the guard leaves a console method it finds replaced alone.
 */
const METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;
type Method = (typeof METHODS)[number];

// The unit tier shares one module graph per worker, so this file runs once per test file: keep the
// real methods from the first run, not a previous file's recorder.
const ORIGINALS_KEY = Symbol.for('wsadmin.quiet-console-guard.originals');
type Writers = Record<Method, (...args: unknown[]) => void>;
const store = globalThis as { [ORIGINALS_KEY]?: Writers };
store[ORIGINALS_KEY] ??= Object.fromEntries(METHODS.map((method) => [method, console[method]])) as Writers;
const originals = store[ORIGINALS_KEY];

let written: string[] = [];
const recorders = Object.fromEntries(
  METHODS.map((method) => [
    method,
    (...args: unknown[]) => {
      written.push(`console.${method}: ${format(...args)}`);
    },
  ]),
) as Writers;

beforeEach(() => {
  written = [];
  for (const method of METHODS)
    if (console[method] === originals[method]) console[method] = recorders[method];
});

afterEach(() => {
  for (const method of METHODS)
    if (console[method] === recorders[method]) console[method] = originals[method];
  if (written.length === 0) return;
  const texts = written.map((text) => `  ${text.split('\n').join('\n    ')}`).join('\n');
  written = [];
  throw new Error(
    `unit tier: the test wrote to the console (a passing test prints nothing; take expected output with vi.spyOn(console, …) and assert on it):\n${texts}`,
  );
});
