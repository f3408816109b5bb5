import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';

/**
 * The headless Chromium of the npm package `@sparticuz/chromium`, for machines without Debian's:
 * `npm ci` brings it, brotli-compressed, with its own NSS, expat and fonts. Its JavaScript needs
 * Node 22 and sets its libraries up on AWS Lambda only, so it is never loaded: the archives are
 * unpacked here, once, into `node_modules/.cache/wsadmin-chromium-<version>/`, beside a launcher
 * script that puts the package's libraries first on the library path and then runs Chromium.
 * The launcher is what every caller gets as the executable (Playwright, Vitest browser mode,
 * CHROMIUM_PATH of a consumer project): nothing else needs to know about the library path.
 */
export function npmChromium(): string {
  const packageDir = dirname(dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium')));
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const folder = join(packageDir, '..', '..', '.cache', `wsadmin-chromium-${version}`);
  const launcher = join(folder, LAUNCHER);
  if (existsSync(launcher)) return launcher;

  // Unpacked into a folder of its own then renamed: test workers starting at once each unpack,
  // and the first rename wins; the others throw theirs away.
  mkdirSync(dirname(folder), { recursive: true });
  const staging = mkdtempSync(`${folder}.part-`);
  try {
    const archives = join(packageDir, 'bin');
    writeFileSync(
      join(staging, 'chromium'),
      brotliDecompressSync(readFileSync(join(archives, 'chromium.br'))),
      {
        mode: 0o755,
      },
    );
    untar(join(archives, 'al2023.tar.br'), join(staging, 'al2023'));
    // SwiftShader's GL libraries are looked for beside the executable.
    untar(join(archives, 'swiftshader.tar.br'), staging);
    untar(join(archives, 'fonts.tar.br'), join(staging, 'fonts'));
    mkdirSync(join(staging, 'fontconfig'));
    writeFileSync(join(staging, 'fontconfig', 'fonts.conf'), fontsConf(join(folder, 'fonts', 'fonts')));
    writeFileSync(join(staging, LAUNCHER), LAUNCHER_SCRIPT, { mode: 0o755 });
    renameSync(staging, folder);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(launcher)) throw error;
  }
  return launcher;
}

const LAUNCHER = 'chromium-launcher';

/** The package's libraries before any other (Debian's NSS, where present, is not used). */
const LAUNCHER_SCRIPT = `#!/bin/sh
# Written by testing/npm-chromium.ts: @sparticuz/chromium's Chromium with its own libraries.
here=$(dirname "$0")
LD_LIBRARY_PATH="$here/al2023/lib\${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export LD_LIBRARY_PATH
# The package's fonts where the machine has no fontconfig set-up of its own.
if [ -z "\${FONTCONFIG_PATH:-}" ] && [ ! -e /etc/fonts/fonts.conf ]; then
  FONTCONFIG_PATH="$here/fontconfig"
  export FONTCONFIG_PATH
fi
exec "$here/chromium" "$@"
`;

/** The package's own fonts.conf names /tmp/fonts (Lambda's layout); this one names where they are. */
const fontsConf = (fontsDir: string) => `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>${fontsDir}</dir>
  <dir>/usr/share/fonts</dir>
</fontconfig>
`;

function untar(archive: string, into: string): void {
  mkdirSync(into, { recursive: true });
  execFileSync('tar', ['-x', '-C', into], { input: brotliDecompressSync(readFileSync(archive)) });
}
