import { describe, expect, it } from 'vitest';
import { DEFAULT_PORT, isLoopback, parseCommand, UsageError, usage } from './args';

describe('the command line of wsadmin-mock', () => {
  it.each<[string, string[], unknown]>([
    ['help', ['--help'], { command: 'help' }],
    [
      'nothing: no scenario, the default port on 127.0.0.1, any origin',
      [],
      { command: 'serve', scenarioFile: undefined, port: DEFAULT_PORT, host: '127.0.0.1', corsOrigins: '*' },
    ],
    [
      'a scenario file, a port and a loopback host',
      ['demo.json', '--port', '0', '--host', '::1'],
      { scenarioFile: 'demo.json', port: 0, host: '::1' },
    ],
    [
      'origins for CORS',
      ['--cors-origin', 'http://localhost:5173', '--cors-origin', 'https://app.example.test'],
      { corsOrigins: ['http://localhost:5173', 'https://app.example.test'] },
    ],
    ['another network with --allow-remote', ['--host', '0.0.0.0', '--allow-remote'], { host: '0.0.0.0' }],
  ])('reads %s', (_name, argv, want) => {
    expect(parseCommand(argv)).toMatchObject(want as object);
  });

  it.each<[string, string[], RegExp]>([
    ['an unknown flag', ['--verbose'], /verbose/],
    ['two scenario files', ['a.json', 'b.json'], /one scenario file at most/],
    ['a port that is not a number', ['--port', 'http'], /--port must be a whole number from 0 to 65535/],
    ['a port out of range', ['--port', '70000'], /--port must be a whole number/],
    [
      'a host other machines reach, without --allow-remote',
      ['--host', '0.0.0.0'],
      /--host 0\.0\.0\.0 is not a loopback address.*--allow-remote/,
    ],
    ['a LAN address', ['--host', '192.168.1.20'], /not a loopback address/],
    ['an origin with a path', ['--cors-origin', 'http://localhost:5173/'], /is not an origin/],
  ])('refuses %s with a UsageError naming it', (_name, argv, message) => {
    expect(() => parseCommand(argv)).toThrow(UsageError);
    expect(() => parseCommand(argv)).toThrow(message);
  });

  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['127.8.0.3', true],
    ['::1', true],
    ['[::1]', true],
    ['0.0.0.0', false],
    ['::', false],
    ['10.0.2.2', false],
    ['example.test', false],
  ])('%s is loopback: %s', (host, loopback) => {
    expect(isLoopback(host)).toBe(loopback);
  });

  it('prints a usage of at most 100 columns that names every option', () => {
    const text = usage();
    for (const line of text.split('\n')) expect(line.length, line).toBeLessThanOrEqual(100);
    for (const option of [
      '--port',
      '--host',
      '--allow-remote',
      '--cors-origin',
      '--help',
      '/__inspector__/',
    ]) {
      expect(text).toContain(option);
    }
  });
});
