/** Which URLs the mock answers: `<baseUrl>/openapi/v1` and everything under it. */
export function baseScope(baseUrl: string) {
  const base = new URL(baseUrl, globalThis.location?.href);
  const prefix = base.pathname.replace(/\/+$/, '');
  const api = `${prefix}/openapi/v1`;
  return {
    href: `${base.origin}${prefix}`,
    /** The path the app sees (`/openapi/v1/...`), or undefined when the URL is not the mock's. */
    pathOf(url: URL): string | undefined {
      if (url.origin !== base.origin) return undefined;
      if (url.pathname !== api && !url.pathname.startsWith(`${api}/`)) return undefined;
      return url.pathname.slice(prefix.length);
    },
    /** The request as the app expects it: without the base URL's path prefix. */
    async forward(request: Request, url: URL, path: string): Promise<Request> {
      if (prefix === '') return request;
      const bodyless = request.method === 'GET' || request.method === 'HEAD';
      return new Request(new URL(`${path}${url.search}`, url.origin), {
        method: request.method,
        headers: request.headers,
        body: bodyless ? null : await request.arrayBuffer(),
      });
    },
  };
}

export type BaseScope = ReturnType<typeof baseScope>;
