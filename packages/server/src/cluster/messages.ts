/** Messages between the cluster's primary and its workers (IPC), besides prom-client's own. */
export type WorkerMessage =
  | { type: 'wsadmin:listening'; url: string }
  | { type: 'wsadmin:metrics-request'; id: number };

export type PrimaryMessage = { type: 'wsadmin:metrics'; id: number; text?: string; error?: string };

export function isMessage<T extends { type: string }>(value: unknown, type: T['type']): value is T {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === type;
}
