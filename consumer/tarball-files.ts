import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

const BLOCK = 512;

function text(block: Buffer, start: number, length: number): string {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end < 0 ? field.length : end).toString('utf8');
}

/** The `path` record of a pax header (`<length> path=<value>\n`), which long names use. */
function paxPath(body: Buffer): string | undefined {
  return /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1];
}

/**
 * The files of an npm tarball (`.tgz`) by path below its `package/` folder, read in memory: no
 * process, no extraction. Handles the ustar name prefix and pax `path` records; folders, links and
 * other entries are left out (npm packs regular files only).
 */
export function tarballFiles(tarball: string): Map<string, Buffer> {
  const archive = gunzipSync(readFileSync(tarball));
  const files = new Map<string, Buffer>();
  let longName: string | undefined;
  for (let at = 0; at + BLOCK <= archive.length; ) {
    const header = archive.subarray(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const size = Number.parseInt(text(header, 124, 12).trim() || '0', 8);
    const type = text(header, 156, 1);
    const body = archive.subarray(at + BLOCK, at + BLOCK + size);
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'x') {
      longName = paxPath(body);
      continue;
    }
    const prefix = text(header, 345, 155);
    const name = longName ?? (prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100));
    longName = undefined;
    if (type === '0' || type === '') files.set(name.replace(/^[^/]+\//, ''), Buffer.from(body));
  }
  return files;
}
