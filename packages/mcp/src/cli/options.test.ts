import { describe, expect, it } from 'vitest';
import { DEFAULT_PORT, parseArguments, UsageError } from './options';

describe('parseArguments', () => {
  it('defaults to stdio against the service, deletions not allowed without asking', () => {
    expect(parseArguments([])).toEqual({
      help: false,
      http: false,
      port: DEFAULT_PORT,
      mock: undefined,
      allowDestructive: false,
    });
  });

  it('reads --http --port, --mock with and without a scenario file, --allow-destructive', () => {
    expect(parseArguments(['--http', '--port', '0', '--mock', 'a.json', '--allow-destructive'])).toEqual({
      help: false,
      http: true,
      port: 0,
      mock: { scenario: 'a.json' },
      allowDestructive: true,
    });
    expect(parseArguments(['--mock', '--http']).mock).toEqual({ scenario: undefined });
    expect(parseArguments(['--port=4000']).port).toBe(4000);
  });

  it.each([
    [['--port', 'x'], '--port needs a port number'],
    [['--port', '70000'], '--port needs a port number'],
    [['--key', 'k'], 'unknown argument: --key'],
  ])('refuses %j', (args, message) => {
    expect(() => parseArguments(args)).toThrow(UsageError);
    expect(() => parseArguments(args)).toThrow(message);
  });
});
