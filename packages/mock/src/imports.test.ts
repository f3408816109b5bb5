import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// `msw`'s main entry loads its GraphQL, WebSocket and SSE APIs and `graphql` too: about as many
// module files as `msw/node`, most of what importing the mock cost beyond MSW itself. The mock
// needs only `http` (from `msw/core/http`) and the runtime's setup (`msw/node`, `msw/browser`).
const ALLOWED = new Set(['msw/core/http', 'msw/node', 'msw/browser']);

const sources = readdirSync(new URL('.', import.meta.url)).filter(
  (name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts'),
);

/** Specifiers of the value imports (not `import type`) of a module's text. */
function valueImports(text: string): string[] {
  return [...text.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)].map((match) => match[1] ?? '');
}

describe('what the mock loads from msw at run time', () => {
  it('reads the source files of the package', () => {
    expect(sources).toContain('answering.ts');
    expect(valueImports(readFileSync(new URL('answering.ts', import.meta.url), 'utf8'))).toContain(
      'msw/core/http',
    );
  });

  it.each(sources)('%s imports no msw entry beyond msw/core/http, msw/node and msw/browser', (name) => {
    const text = readFileSync(new URL(name, import.meta.url), 'utf8');
    const fromMsw = valueImports(text).filter(
      (specifier) => specifier === 'msw' || specifier.startsWith('msw/'),
    );
    expect(fromMsw.filter((specifier) => !ALLOWED.has(specifier))).toEqual([]);
  });

  it.each([
    ["import { http } from 'msw';", ['msw']],
    ["import type { HttpHandler } from 'msw';", []],
    ["import {\n  http,\n  HttpResponse,\n} from 'msw';", ['msw']],
    ["import { setupServer } from 'msw/node';", ['msw/node']],
  ] as const)('finds the value imports of %j', (given, want) => {
    expect(valueImports(given)).toEqual(want);
  });
});
