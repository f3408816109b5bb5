import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { recordRelease } from './record-release';

const root = mkdtempSync(join(tmpdir(), 'wsadmin-record-release-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('recordRelease', () => {
  it('keeps the published document and the SDK version it shipped in, over the older ones', () => {
    mkdirSync(join(root, 'packages', 'sdk'), { recursive: true });
    mkdirSync(join(root, 'contract', 'released'), { recursive: true });
    writeFileSync(
      join(root, 'packages', 'sdk', 'package.json'),
      '{ "name": "@wsadmin/sdk", "version": "0.3.0" }',
    );
    writeFileSync(join(root, 'contract', 'openapi.json'), '{"openapi":"3.1.0","paths":{"/new/":{}}}\n');
    writeFileSync(join(root, 'contract', 'released', 'openapi.json'), '{"openapi":"3.1.0","paths":{}}\n');
    writeFileSync(join(root, 'contract', 'released', 'version.json'), '{ "version": "0.2.0" }\n');

    expect(recordRelease(root)).toBe('0.3.0');
    expect(readFileSync(join(root, 'contract', 'released', 'openapi.json'), 'utf8')).toBe(
      '{"openapi":"3.1.0","paths":{"/new/":{}}}\n',
    );
    expect(JSON.parse(readFileSync(join(root, 'contract', 'released', 'version.json'), 'utf8'))).toEqual({
      version: '0.3.0',
    });
  });
});
