import { basename } from 'node:path';

/**
 * How the user called a command, for its usage lines: the bin's name when run through npm's bin
 * link (`npx wsadmin-keys`, `node_modules/.bin/wsadmin-keys`, a package script "wsadmin-keys"),
 * `npm run keys --` / `npm start --` when an npm script of this repository runs the source file
 * itself, and the bin's name otherwise (`node dist/bin/keys.mjs`, Windows' shims).
 */
export function commandName(
  bin: string,
  script: string | undefined,
  env: Record<string, string | undefined>,
): string {
  const called = script ? basename(script) : '';
  if (called === bin) return bin;
  const event = env.npm_lifecycle_event;
  if (called && event && env.npm_lifecycle_script?.includes(called))
    return event === 'start' ? 'npm start --' : `npm run ${event} --`;
  return bin;
}
