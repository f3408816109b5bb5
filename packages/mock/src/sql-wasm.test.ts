/**
 * `sqlWasm`: sql.js's WebAssembly handed to the mock, for runtimes where sql.js cannot find its file
 * (workerd; the runtime matrix runs the real Worker, consumer/runtimes.test.ts). sql.js starts once
 * per process, so this file's first successful start is the one under test: the tests run in order.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMock, MOCK_BASE_URL, MOCK_KEY } from './node';

// Node resolves `sql.js` to its Node build, whose WebAssembly is sql-wasm.wasm.
const wasmBytes = readFileSync(createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.wasm'));
const list = (mock: ReturnType<typeof createMock>) =>
  mock.fetch(
    new Request(`${MOCK_BASE_URL}/openapi/v1/workspaces/`, {
      headers: { authorization: `Bearer ${MOCK_KEY}` },
    }),
  );

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe.sequential('createMock({ sqlWasm })', () => {
  it('answers bytes that are not WebAssembly with a 500 envelope naming the option, and starts on a later try', async () => {
    const broken = createMock({ sqlWasm: new Uint8Array([0, 1, 2, 3]) });
    const answer = await list(broken);
    expect(answer.status).toBe(500);
    const body = (await answer.json()) as { errcode: number; errmsg: string };
    expect(body.errcode).toBe(500);
    expect(body.errmsg).toMatch(/sql\.js's WebAssembly did not compile from the bytes given/);
    await broken.close();
  });

  it('instantiates the module it is given instead of locating the file', async () => {
    const module = await WebAssembly.compile(wasmBytes);
    const instantiate = vi.spyOn(WebAssembly, 'instantiate');
    const mock = createMock({ sqlWasm: module, seed: { workspaces: [{ name: 'From a module' }] } });
    const answer = await list(mock);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { data: { name: string }[] };
    expect(body.data.map((workspace) => workspace.name)).toEqual(['From a module']);
    expect(instantiate).toHaveBeenCalledWith(module, expect.any(Object));
    await mock.close();
  });

  it('serves later mocks from the sql.js already started, bytes given or not', async () => {
    const mock = createMock({ sqlWasm: wasmBytes.buffer.slice(0) as ArrayBuffer });
    expect((await list(mock)).status).toBe(200);
    const plain = createMock();
    expect((await list(plain)).status).toBe(200);
    await Promise.all([mock.close(), plain.close()]);
  });
});

describe('createMock in a Worker without a page URL (workerd)', () => {
  it('throws at once, telling the user to pass sqlWasm', () => {
    vi.stubGlobal('WorkerGlobalScope', class WorkerGlobalScope {});
    expect(() => createMock()).toThrow(
      /sql\.js cannot locate its WebAssembly in this Worker .*pass `createMock\(\{ sqlWasm \}\)`, the WebAssembly\.Module of sql\.js\/dist\/sql-wasm-browser\.wasm/,
    );
  });

  it('accepts sqlWasm or sqlWasmUrl there', () => {
    vi.stubGlobal('WorkerGlobalScope', class WorkerGlobalScope {});
    expect(() => createMock({ sqlWasm: wasmBytes })).not.toThrow();
    expect(() => createMock({ sqlWasmUrl: 'https://assets.example/sql-wasm-browser.wasm' })).not.toThrow();
  });

  it('does not throw in a worker that has a page URL (a browser Web Worker)', () => {
    vi.stubGlobal('WorkerGlobalScope', class WorkerGlobalScope {});
    vi.stubGlobal('location', new URL('https://app.example/worker.js'));
    expect(() => createMock()).not.toThrow();
  });
});
