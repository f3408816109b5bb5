/**
 * `node --import tsx consumer/pack-in-background.ts <dir>`: packs the tarballs of a vitest run into
 * its folder (consumer/pack-once.ts), started by consumer/packs-global-setup.ts when the run starts so
 * that building and packing (a minute and a half on a 2-core machine) overlap the tiers before the
 * consumer tier instead of holding its first files idle. A failure is written for the test files to
 * report; this process only exits non-zero.
 */
import { packOnce } from './pack-once';

const [dir] = process.argv.slice(2);
if (!dir) {
  process.stderr.write('usage: pack-in-background.ts <folder>\n');
  process.exit(2);
}
// vitest gone (killed, no teardown): stop the builds of this process group, then this process.
const stopWithVitest = () => {
  try {
    process.kill(-process.pid, 'SIGTERM');
  } catch {
    process.exit(1);
  }
};
process.on('disconnect', stopWithVitest);
packOnce(dir)
  .catch(() => {
    process.exitCode = 1;
  })
  // The channel would keep this process alive after the packing.
  .finally(() => {
    process.off('disconnect', stopWithVitest);
    process.disconnect?.();
  });
