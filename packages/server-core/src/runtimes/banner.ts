/** What `npm start` prints once it listens; the cluster's primary prints it once for all workers. */
export interface Banner {
  url: string;
  location: string;
  createdKeySecret: string | undefined;
  testClock: boolean;
  /** The Node server serves the API reference page at /docs; the other runtimes do not. Default true. */
  docs?: boolean;
  /** Cluster workers' process ids; absent when one process serves alone. */
  workerPids?: number[];
}

/**
 * One write: a reader of the pipe (a supervisor, a test waiting for the URL) never sees the URL
 * without the lines after it, such as the new key that is shown only once.
 */
export function printBanner(banner: Banner): void {
  const { url } = banner;
  const lines = [
    `wsadmin reference server on ${url} (database: ${banner.location})`,
    `  API:  ${url}/openapi/v1/   ${banner.docs === false ? '' : `docs: ${url}/docs   `}document: ${url}/openapi.json`,
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
