import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { browsingRecording, shortRecording } from '../../test/mock-recording';
import { UsageError } from './args';
import { parseReplayCommand } from './replay-args';
import { runReplay } from './replay-command';

describe('parseReplayCommand', () => {
  it('reads a server target, the mock, and the report options', () => {
    expect(parseReplayCommand(['rec.har', '--base-url', 'http://127.0.0.1:8787', '--key', 's3'])).toEqual({
      command: 'replay',
      recording: 'rec.har',
      baseUrl: 'http://127.0.0.1:8787',
      key: 's3',
      mock: false,
      seed: false,
      allowDifferences: false,
    });
    expect(
      parseReplayCommand([
        'rec.har',
        '--mock',
        '--json',
        'out/r.json',
        '--junit',
        'out/r.xml',
        '--allow-differences',
      ]),
    ).toEqual({
      command: 'replay',
      recording: 'rec.har',
      mock: true,
      seed: false,
      json: 'out/r.json',
      junit: 'out/r.xml',
      allowDifferences: true,
    });
    expect(parseReplayCommand(['rec.har', '--base-url', 'http://h'], { WSADMIN_KEY: 'env' }).key).toBe('env');
  });

  it.each([
    [[], 'needs the recording'],
    [['a.har', 'b.har', '--mock'], 'one recording'],
    [['a.har'], '--base-url'],
    [['a.har', '--base-url', 'ftp://x', '--key', 'k'], 'http:// or https://'],
    [['a.har', '--base-url', 'http://x'], '--key is required'],
    [['a.har', '--mock', '--base-url', 'http://x'], 'not both'],
    [['a.har', '--mock', '--json', ''], 'file name'],
    [['a.har', '--mock', '--bogus'], 'bogus'],
    [['a.har', '--seed', '--base-url', 'http://x', '--key', 'k'], '--seed seeds the mock'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseReplayCommand(argv)).toThrow(UsageError);
    expect(() => parseReplayCommand(argv)).toThrow(message);
  });
});

describe('runReplay --mock', () => {
  let folder: string;
  let recording: string;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'wsadmin-replay-'));
    recording = join(folder, 'recording.har');
    writeFileSync(recording, await shortRecording());
  });

  const run = async (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runReplay(parseReplayCommand(argv), {
      log: (line) => out.push(line),
      error: (line) => err.push(line),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('exits 0 with no difference, and writes the JSON and JUnit reports', async () => {
    const json = join(folder, 'report.json');
    const junit = join(folder, 'report.xml');
    const { code, out } = await run([recording, '--mock', '--json', json, '--junit', junit]);
    expect(out).toContain('2 matched, 0 different, 0 not replayed, 0 skipped, against a fresh @wsadmin/mock');
    expect(out).toContain('createWorkspace: 1 matched');
    expect(code).toBe(0);
    const report = JSON.parse(readFileSync(json, 'utf8')) as { summary: unknown[]; replayed: unknown[] };
    expect(report.summary).toEqual([
      { operationId: 'createWorkspace', matched: 1, different: 0 },
      { operationId: 'getWorkspace', matched: 1, different: 0 },
    ]);
    expect(readFileSync(junit, 'utf8')).toContain('<testsuite name="getWorkspace" tests="1" failures="0"');
  });

  it('exits 1 on a difference, naming it, and 0 with --allow-differences', async () => {
    const har = JSON.parse(readFileSync(recording, 'utf8')) as {
      log: { entries: Array<{ response: { content: { text: string } } }> };
    };
    const read = har.log.entries[1];
    if (read === undefined) throw new Error('the recording has no read');
    read.response.content.text = read.response.content.text.replace('"Recorded"', '"Renamed"');
    const edited = join(folder, 'edited.har');
    writeFileSync(edited, JSON.stringify(har));
    const first = await run([edited, '--mock']);
    expect(first.code).toBe(1);
    expect(first.out).toContain('DIFF #1 GET /openapi/v1/workspaces/3/ (getWorkspace)');
    expect(first.out).toContain('value: data.name: "Renamed" recorded, "Recorded" replayed');
    expect((await run([edited, '--mock', '--allow-differences'])).code).toBe(0);
  });

  it('exits 2 on a file that is not a HAR or not there, saying so', async () => {
    const broken = join(folder, 'broken.har');
    writeFileSync(broken, '{"log": {}}');
    const notHar = await run([broken, '--mock']);
    expect(notHar).toMatchObject({ code: 2, out: '' });
    expect(notHar.err).toContain('broken.har: the recording is not a HAR: it has no log.entries list');
    const missing = await run([join(folder, 'missing.har'), '--mock']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('cannot read');
  });

  it('with --seed, replays on a mock seeded with the state the recording shows: its reads find what they read', async () => {
    const browsing = join(folder, 'browsing.har');
    writeFileSync(browsing, await browsingRecording());
    const fresh = await run([browsing, '--mock']);
    expect(fresh.code).toBe(1);
    const seeded = await run([browsing, '--mock', '--seed']);
    expect(seeded).toMatchObject({ code: 0, err: '' });
    expect(seeded.out).toContain(
      '13 matched, 0 different, 0 not replayed, 0 skipped, against a seeded @wsadmin/mock',
    );
  });
});
