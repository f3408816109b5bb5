/**
 * What every runtime's server prints once it listens; a Node cluster's primary prints it once for
 * all its workers.
 */
export interface Banner {
  url: string;
  location: string;
  /** What the server runs on, as `Node 20.19.0`, `Bun 1.4.5`, `Deno 2.9.6`. */
  runtime: string;
  createdKeySecret: string | undefined;
  testClock: boolean;
  /** The server serves the API reference page at /docs (Node). Default true. */
  docs?: boolean;
  /** Cluster workers' process ids; absent when one process serves alone. */
  workerPids?: number[];
}

/** Where the banner goes as one JSON record: a logger at `info` whatever LOG_LEVEL says. */
export interface BannerLog {
  info(fields: object, message: string): void;
}

/**
 * The banner as one log record (LOG_FORMAT=json, so that every line on stdout is one JSON object):
 * the message says what the text's first line says, the fields hold the rest. The secret of a key
 * created now is in it, as in the text: this is the only time it is shown.
 */
export function bannerRecord(banner: Banner): { fields: Record<string, unknown>; message: string } {
  const { url } = banner;
  return {
    fields: {
      url,
      database: banner.location,
      runtime: banner.runtime,
      api: `${url}/openapi/v1/`,
      ...(banner.docs === false ? {} : { docs: `${url}/docs` }),
      document: `${url}/openapi.json`,
      ...(banner.workerPids ? { workers: banner.workerPids } : {}),
      ...(banner.testClock ? { testClock: 'POST /__test__/clock/ {"advanceSeconds": N}' } : {}),
      ...(banner.createdKeySecret ? { createdKeySecret: banner.createdKeySecret } : {}),
    },
    message: `wsadmin reference server on ${url} (database: ${banner.location})`,
  };
}

/**
 * With a `log`, one record (`bannerRecord`); without, the text for a terminal (LOG_FORMAT=pretty),
 * in one write: a reader of the pipe (a supervisor, a test waiting for the URL) never sees the URL
 * without the lines after it, such as the new key that is shown only once.
 */
export function printBanner(banner: Banner, log?: BannerLog): void {
  if (log) {
    const { fields, message } = bannerRecord(banner);
    log.info(fields, message);
    return;
  }
  const { url } = banner;
  const lines = [
    `wsadmin reference server on ${url} (database: ${banner.location})`,
    `  API:  ${url}/openapi/v1/   ${banner.docs === false ? '' : `docs: ${url}/docs   `}document: ${url}/openapi.json`,
    `  Runtime: ${banner.runtime}`,
  ];
  if (banner.workerPids) {
    lines.push(`  Workers: ${banner.workerPids.length} processes (pids ${banner.workerPids.join(', ')})`);
  }
  if (banner.createdKeySecret) {
    lines.push(`  Created an unrestricted access key; it is shown only now:\n  ${banner.createdKeySecret}`);
  }
  if (banner.testClock) lines.push('  Test clock enabled: POST /__test__/clock/ {"advanceSeconds": N}');
  console.log(lines.join('\n'));
}
