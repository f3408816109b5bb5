/**
 * `WSADMIN_CORS_ORIGINS`, read alike by every runtime's server: `*`, or a comma list of origins
 * (`scheme://host[:port]`, exactly as browsers send them).
 */
export function parseCorsOrigins(value: string | undefined): string[] | '*' | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (text === '*') return '*';
  return text.split(',').map((entry) => {
    const origin = entry.trim();
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {}
    // A trailing slash or a path never matches the Origin header a browser sends: refuse it here.
    if (!parsed || parsed.origin !== origin)
      throw new Error(
        `WSADMIN_CORS_ORIGINS: "${origin}" is not an origin; write scheme://host[:port] without a path, e.g. http://localhost:5173`,
      );
    return origin;
  });
}
