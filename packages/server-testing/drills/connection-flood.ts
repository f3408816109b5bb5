import { readdirSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { randomSecret } from '@wsadmin/server-core';
import { type Latency, measure } from './abuse';
import { startServerProcess } from './server-process';

/**
 * Idle connections at volume (issue 20): `sockets` connections opened in bursts that send nothing,
 * while a normal client calls `GET /openapi/v1/scopes/` on fresh connections. Measured: the normal
 * client's latency, the server's open file descriptors at the peak, and how many of the idle
 * sockets the server refused at once (over `WSADMIN_MAX_CONNECTIONS`).
 */

export interface ConnectionFloodReport {
  drill: 'connection-flood';
  sockets: number;
  maxConnections: string;
  baseline: Latency;
  whileOpening: Latency;
  /** Sockets the server closed within a second of connecting (refused over the cap). */
  refusedAtOnce: number;
  serverFileDescriptorsPeak: number;
  problems: string[];
}

const pause = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

export async function runConnectionFloodDrill(options: {
  databaseUrl: string;
  sockets: number;
  /** `WSADMIN_MAX_CONNECTIONS` for the server; undefined: its default. */
  maxConnections?: string;
}): Promise<ConnectionFloodReport> {
  const key = `wsk_${randomSecret(24)}`;
  const env: Record<string, string> = { LOG_LEVEL: 'warn' };
  if (options.maxConnections !== undefined) env.WSADMIN_MAX_CONNECTIONS = options.maxConnections;
  const server = await startServerProcess(options.databaseUrl, key, { env });
  const problems: string[] = [];
  const sockets: Socket[] = [];
  try {
    const { hostname, port } = new URL(server.url);
    const baseline = await measure(server.url, key, () => false, 5, 200);
    let opening = true;
    let refusedAtOnce = 0;
    let fdPeak = 0;
    const fdTimer = setInterval(() => {
      fdPeak = Math.max(fdPeak, readdirSync(`/proc/${server.pid}/fd`).length);
    }, 100);
    const whileOpeningPromise = measure(server.url, key, () => opening, 20, 50);
    for (let i = 0; i < options.sockets; i++) {
      const socket = connect(Number(port), hostname);
      const connectedAt = performance.now();
      socket.on('error', () => {});
      socket.on('close', () => {
        if (performance.now() - connectedAt < 1_000) refusedAtOnce++;
      });
      sockets.push(socket);
      if (i % 500 === 499) await pause(50);
    }
    // Hold them a moment (under the 10 s headers timeout) so the normal client runs beside all of them.
    await pause(2_000);
    opening = false;
    const whileOpening = await whileOpeningPromise;
    clearInterval(fdTimer);
    // Past the cap new connections are refused, the normal client's too (its failures are reported,
    // not a problem): what must hold is that the server's descriptors stop growing near the cap.
    const cap = Number(options.maxConnections);
    if (Number.isFinite(cap) && fdPeak > cap + 100)
      problems.push(`the server held ${fdPeak} descriptors with a cap of ${cap} connections`);
    return {
      drill: 'connection-flood',
      sockets: options.sockets,
      maxConnections: options.maxConnections ?? 'default',
      baseline,
      whileOpening,
      refusedAtOnce,
      serverFileDescriptorsPeak: fdPeak,
      problems,
    };
  } finally {
    for (const socket of sockets) socket.destroy();
    await server.kill();
  }
}
