import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';
import type { MetricsSource } from '../operations/metrics-route';
import { isMessage, type PrimaryMessage, type WorkerMessage } from './messages';

/**
 * `/metrics` of a cluster: whichever worker the scrape reaches asks the primary, which collects
 * every worker's registry through prom-client's AggregatorRegistry (counters and histograms
 * summed) and sends the text back. One scrape of the port sees the whole cluster.
 */
const TIMEOUT_MS = 6_000;

/** Worker side: answers the primary's collection requests, and asks it for the cluster's text. */
export function clusterMetricsSource(local: Registry): MetricsSource {
  AggregatorRegistry.setRegistries([local]);
  // Constructing one registers prom-client's listener that answers the primary's requests.
  new AggregatorRegistry();
  const pending = new Map<number, { resolve(text: string): void; reject(error: Error): void }>();
  let next = 0;
  process.on('message', (message: unknown) => {
    if (!isMessage<PrimaryMessage>(message, 'wsadmin:metrics')) return;
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if (message.error !== undefined) waiter?.reject(new Error(message.error));
    else waiter?.resolve(message.text ?? '');
  });
  return {
    contentType: local.contentType,
    metrics() {
      const id = next++;
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`the cluster's primary did not answer within ${TIMEOUT_MS} ms`));
        }, TIMEOUT_MS);
        pending.set(id, {
          resolve: (text) => {
            clearTimeout(timer);
            resolve(text);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        const request: WorkerMessage = { type: 'wsadmin:metrics-request', id };
        process.send?.(request);
      });
    },
  };
}

/** Primary side: collects the workers' metrics for whichever worker asks. */
export function answerMetricsRequests(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker: Worker, message: unknown) => {
    if (!isMessage<WorkerMessage & { type: 'wsadmin:metrics-request' }>(message, 'wsadmin:metrics-request'))
      return;
    const reply = (answer: Omit<PrimaryMessage, 'type' | 'id'>) => {
      const sent: PrimaryMessage = { type: 'wsadmin:metrics', id: message.id, ...answer };
      if (worker.isConnected()) worker.send(sent);
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: unknown) => reply({ error: error instanceof Error ? error.message : 'aggregation failed' }),
    );
  });
}
