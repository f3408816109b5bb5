import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// msw 2's main entry loads its GraphQL, WebSocket and SSE APIs and `graphql` too: about as many
// module files as `msw/node`, most of what importing the mock cost beyond MSW itself. The Node
// entries take `http` from msw-http.ts (msw 2's `msw/core/http` or msw 3's `msw/http`); only the
// entry for any runtime and the page's entry (where bundlers drop what is unused) import `msw`.
const ALLOWED: Record<string, string[]> = {
  'index.ts': ['msw'],
  'browser.ts': ['msw/browser'],
  // The page's mock (browser.ts, storybook.ts): its own WebAssembly request passed through.
  'page-mock.ts': ['msw'],
  'node.ts': ['msw/node'],
};

const sources = readdirSync(new URL('.', import.meta.url)).filter(
  (name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts'),
);

/** Specifiers of the value imports (not `import type`) of a module's text. */
function valueImports(text: string): string[] {
  return [...text.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)].map((match) => match[1] ?? '');
}

describe('what the mock loads from msw at run time', () => {
  it('reads the source files of the package', () => {
    expect(sources).toContain('node.ts');
    expect(valueImports(readFileSync(new URL('node.ts', import.meta.url), 'utf8'))).toContain('msw/node');
  });

  it.each(sources)('%s imports only the msw entries its runtime needs', (name) => {
    const text = readFileSync(new URL(name, import.meta.url), 'utf8');
    const fromMsw = valueImports(text).filter(
      (specifier) => specifier === 'msw' || specifier.startsWith('msw/'),
    );
    expect(fromMsw.filter((specifier) => !(ALLOWED[name] ?? []).includes(specifier))).toEqual([]);
  });

  it("takes the Node entries' http from msw 2's msw/core/http here, not from msw's main entry", async () => {
    const { http } = await import('./msw-http');
    expect(http).toBe((await import('msw/core/http')).http);
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
