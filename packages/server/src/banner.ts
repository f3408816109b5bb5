/** What `npm start` prints once it listens; the cluster's primary prints it once for all workers. */
export interface Banner {
  url: string;
  location: string;
  createdKeySecret: string | undefined;
  testClock: boolean;
  /** Cluster workers' process ids; absent when one process serves alone. */
  workerPids?: number[];
}

export function printBanner(banner: Banner): void {
  const { url } = banner;
  console.log(`wsadmin reference server on ${url} (database: ${banner.location})`);
  console.log(`  API:  ${url}/openapi/v1/   docs: ${url}/docs   document: ${url}/openapi.json`);
  if (banner.workerPids) {
    console.log(`  Workers: ${banner.workerPids.length} processes (pids ${banner.workerPids.join(', ')})`);
  }
  if (banner.createdKeySecret) {
    console.log(`  Created an unrestricted access key; it is shown only now:\n  ${banner.createdKeySecret}`);
  }
  if (banner.testClock) console.log('  Test clock enabled: POST /__test__/clock/ {"advanceSeconds": N}');
}
