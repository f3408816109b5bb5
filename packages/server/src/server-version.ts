import { createRequire } from 'node:module';

/** The version of @wsadmin/server, from its package.json (the same from the source and from dist). */
export function serverVersion(): string {
  const requireHere = createRequire(import.meta.url);
  return (requireHere('@wsadmin/server/package.json') as { version: string }).version;
}
