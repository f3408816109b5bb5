import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerSettings } from '../settings/server-settings';
import { StartupError } from '../settings/startup-error';
import { type CommandHost, runCommand, serverUsage } from './command';

/** A runtime whose start is `serve`; what the command printed, as lines per stream. */
function host(serve: CommandHost['serve'] = async () => undefined) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: unknown) => void out.push(String(line)));
  vi.spyOn(console, 'error').mockImplementation((line: unknown) => void err.push(String(line)));
  const served: ServerSettings[] = [];
  const command: CommandHost = {
    runtime: 'Bun',
    version: () => '9.9.9',
    openStorage: () => Promise.reject(new Error('no database here')),
    serve: async (settings) => {
      served.push(settings);
      await serve(settings);
    },
  };
  return { command, out, err, served };
}

describe('runCommand, the command line of every runtime', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('prints the one usage for --help, whatever the settings, and the version for --version', async () => {
    const { command, out } = host();
    expect(await runCommand(command, ['--help'], { PORT: 'nonsense' }, 'srv')).toBe(0);
    expect(await runCommand(command, ['-v'], {}, 'srv')).toBe(0);
    expect(out).toEqual([serverUsage('srv'), '9.9.9']);
  });

  it('refuses an unknown argument with the usage, exit code 2', async () => {
    const { command, err, served } = host();
    expect(await runCommand(command, ['--port', '9000'], {}, 'srv')).toBe(2);
    expect(err).toEqual([
      `srv: unknown option "--port": settings are environment variables (listed below), e.g. PORT=9000\n\n${serverUsage('srv')}`,
    ]);
    expect(served).toEqual([]);
  });

  it('serves with the settings read by the one reader, and ends with 1 and one line for a refused setting', async () => {
    const { command, err, served } = host();
    expect(await runCommand(command, [], { PORT: '0' }, 'srv')).toBeUndefined();
    expect(served.map((settings) => settings.port)).toEqual([0]);
    expect(await runCommand(command, [], { PORT: 'abc' }, 'srv')).toBe(1);
    expect(err).toEqual(['wsadmin: PORT must be 0-65535, got "abc"']);
  });

  it('ends with 1 and the message of a StartupError; any other failure is a bug and rejects', async () => {
    const busy = host(() => Promise.reject(new StartupError('port 1 is in use: …')));
    expect(await runCommand(busy.command, [], {}, 'srv')).toBe(1);
    expect(busy.err).toEqual(['wsadmin: port 1 is in use: …']);
    vi.restoreAllMocks();
    const bug = host(() => Promise.reject(new TypeError('undefined is not a function')));
    await expect(runCommand(bug.command, [], {}, 'srv')).rejects.toThrow(TypeError);
  });

  it('runs `keys …`: its usage, and a database that cannot be opened in one line, exit code 1', async () => {
    const { command, out, err } = host();
    expect(await runCommand(command, ['keys', 'help'], {}, 'srv')).toBe(0);
    expect(out[0]).toMatch(/^Usage: srv keys /);
    expect(await runCommand(command, ['keys', 'list'], {}, 'srv')).toBe(1);
    expect(err).toEqual(['keys: no database here']);
  });
});
