import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { boundedPasswords, PASSWORD_CONCURRENCY, scryptPasswords } from '@wsadmin/server-core/server-kit';

/**
 * `npm run bench:passwords`: how many password hashes a second one server process sustains, as
 * `npm start` runs them (scrypt N=2^17 through boundedPasswords, WSADMIN_PASSWORD_CONCURRENCY at
 * once). The `strict` rate limit is set against this figure (packages/server/README.md, Rate limits). Options:
 * --seconds <n> (5), --concurrency <n> (the server's default).
 */
const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: String(PASSWORD_CONCURRENCY) },
  },
});
const seconds = Number(args.seconds);
const concurrency = Number(args.concurrency);
const passwords = boundedPasswords(scryptPasswords, concurrency);

// One warm-up hash: the first allocates scrypt's 128 MiB.
await passwords.hash('warm-up');
const started = performance.now();
const deadline = started + seconds * 1000;
let hashes = 0;
// Twice as many callers as slots, as concurrent requests would be: the slots never idle.
await Promise.all(
  Array.from({ length: concurrency * 2 }, async (_, caller) => {
    while (performance.now() < deadline) {
      await passwords.hash(`password-${caller}-${hashes}`);
      hashes++;
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
const perSecond = hashes / elapsed;
console.log(
  JSON.stringify({
    date: new Date().toISOString(),
    cpus: cpus().length,
    loadavg1: Number(loadavg()[0]?.toFixed(2)),
    concurrency,
    hashes,
    seconds: Number(elapsed.toFixed(2)),
    hashesPerSecond: Number(perSecond.toFixed(1)),
    hashesPerMinute: Math.round(perSecond * 60),
  }),
);
