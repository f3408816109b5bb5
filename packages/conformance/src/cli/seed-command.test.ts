import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadScenarioFile } from '@wsadmin/mock/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { browsingRecording } from '../../test/mock-recording';
import { UsageError } from './args';
import { parseSeedCommand, runSeed } from './seed-command';

describe('parseSeedCommand', () => {
  it('reads the recording and where to write', () => {
    expect(parseSeedCommand(['rec.har', '--out', 'mocks/scenario.ts'])).toEqual({
      command: 'seed',
      recording: 'rec.har',
      out: 'mocks/scenario.ts',
    });
  });

  it.each([
    [[], 'needs the recording'],
    [['a.har'], '--out'],
    [['a.har', 'b.har', '--out', 's.json'], 'one recording'],
    [['a.har', '--out', 'scenario.yaml'], 'must end in .json'],
    [['a.har', '--out', 's.json', '--mock'], 'mock'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseSeedCommand(argv)).toThrow(UsageError);
    expect(() => parseSeedCommand(argv)).toThrow(message);
  });
});

describe('runSeed', () => {
  let folder: string;
  let recording: string;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'wsadmin-seed-'));
    recording = join(folder, 'recording.har');
    writeFileSync(recording, await browsingRecording());
  });

  const run = (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = runSeed(parseSeedCommand(argv), {
      log: (line) => out.push(line),
      error: (line) => err.push(line),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('writes a scenario file the mock loads, and says what it holds', async () => {
    const file = join(folder, 'out', 'scenario.json');
    const { code, out, err } = run([recording, '--out', file]);
    expect({ code, err }).toEqual({ code: 0, err: '' });
    expect(out).toBe(
      `${file}: 2 accounts, 2 workspaces (2 dimensions, 2 measures, 1 member groups), from ${recording}`,
    );
    const scenario = await loadScenarioFile(file);
    expect(scenario.seed).toEqual(JSON.parse(readFileSync(file, 'utf8')).seed);
  });

  it('writes a module exporting the scenario with defineScenario', () => {
    const file = join(folder, 'scenario.ts');
    expect(run([recording, '--out', file]).code).toBe(0);
    const module = readFileSync(file, 'utf8');
    expect(module).toContain("import { defineScenario } from '@wsadmin/mock';");
    expect(module).toContain('export default defineScenario({\n  "seed": {');
  });

  it('exits 2 on a recording that is not a HAR or not there, writing nothing', () => {
    const broken = join(folder, 'broken.har');
    writeFileSync(broken, 'not json');
    const notHar = run([broken, '--out', join(folder, 'never.json')]);
    expect(notHar.code).toBe(2);
    expect(notHar.err).toContain('broken.har: the recording is not JSON');
    expect(run([join(folder, 'missing.har'), '--out', join(folder, 'never.json')]).code).toBe(2);
    expect(() => readFileSync(join(folder, 'never.json'))).toThrow();
  });
});
