/**
 * Realtime fan-out: 1,000 WebSocket clients connected to the backend's Pusher-protocol server
 * (server/realtime), each on its own presence user channel and following installation ids, as the
 * installations list does. Measures the delay from `installationsChanged(ids)` to each client's
 * receipt (p50 / p99 / max), and the same for a plain channel broadcast, against a baseline in the
 * same run: a bare `ws` server sending the same frame to the same number of sockets.
 *
 *   npm run bench -- realtime        (CLIENTS=1000 ROUNDS=50)
 *
 * Clients and server share this machine's cores, so the figures include the clients' own work.
 */
import Fastify from 'fastify';
import WebSocket, { WebSocketServer } from 'ws';
import { INSTALLATIONS_UPDATED_EVENT, userChannel } from '../common/realtime';
import { LocalBus } from '../server/realtime/bus';
import { RealtimeHub } from '../server/realtime/hub';
import { realtimeSocketRoutes } from '../server/realtime';
import { signChannel } from '../server/realtime/protocol';

const CLIENTS = Number(process.env.CLIENTS ?? 1000);
const ROUNDS = Number(process.env.ROUNDS ?? 50);
const APP = { key: 'bench-key', secret: 'bench-secret' };

interface Probe {
  ws: WebSocket;
  socketId: string;
  onFrame(event: string, handler: (frame: { event: string; channel?: string; data?: string }) => void): void;
}

function open(url: string): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const handlers = new Map<string, (f: { event: string; channel?: string; data?: string }) => void>();
    ws.on('error', reject);
    ws.on('message', (raw) => {
      const f = JSON.parse(raw.toString()) as { event: string; channel?: string; data?: string };
      if (f.event === 'pusher:connection_established')
        resolve({
          ws,
          socketId: (JSON.parse(f.data!) as { socket_id: string }).socket_id,
          onFrame: (e, h) => handlers.set(e, h),
        });
      handlers.get(f.event)?.(f);
    });
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summary(name: string, delays: number[]) {
  const sorted = [...delays].sort((a, b) => a - b);
  const row = {
    name,
    deliveries: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1]!,
  };
  console.log(
    `${name.padEnd(44)} ${String(row.deliveries).padStart(7)} deliveries  p50 ${row.p50.toFixed(1).padStart(6)} ms  p99 ${row.p99
      .toFixed(1)
      .padStart(6)} ms  max ${row.max.toFixed(1).padStart(6)} ms`,
  );
  return row;
}

/** Runs `ROUNDS` rounds: `send(stamp)` once, waits until every client saw that stamp. */
async function rounds(clients: Probe[], event: string, send: (stamp: number) => void | Promise<void>) {
  const delays: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    let pending = clients.length;
    const done = new Promise<void>((resolve) => {
      for (const c of clients)
        c.onFrame(event, () => {
          delays.push(performance.now() - started);
          if (--pending === 0) resolve();
        });
    });
    const started = performance.now();
    await send(started);
    await done;
  }
  return delays;
}

async function hubRun() {
  const app = Fastify();
  const hub = new RealtimeHub(APP, new LocalBus());
  await realtimeSocketRoutes(app, hub);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  const clients: Probe[] = [];
  const t0 = performance.now();
  for (let i = 0; i < CLIENTS; i += 50)
    clients.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(50, CLIENTS - i) }, () => open(`ws://127.0.0.1:${port}/app/${APP.key}`)),
      )),
    );
  const connectMs = performance.now() - t0;
  // Each client joins its own user channel and follows 100 installations (a page), all including 1.
  await Promise.all(
    clients.map((c, i) => {
      const channel = userChannel(i + 1);
      const channelData = JSON.stringify({ user_id: String(i + 1) });
      const joined = new Promise<void>((resolve) =>
        c.onFrame('pusher_internal:subscription_succeeded', () => resolve()),
      );
      c.ws.send(
        JSON.stringify({
          event: 'pusher:subscribe',
          data: { channel, channel_data: channelData, auth: signChannel(APP, c.socketId, channel, channelData) },
        }),
      );
      return joined.then(() =>
        hub.follow(c.socketId, i + 1, [1, ...Array.from({ length: 99 }, (_, k) => 2 + k * CLIENTS + i)]),
      );
    }),
  );
  await Promise.all(
    clients.map((c) => {
      const subscribed = new Promise<void>((resolve) =>
        c.onFrame('pusher_internal:subscription_succeeded', () => resolve()),
      );
      c.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'fleet' } }));
      return subscribed;
    }),
  );
  console.log(`connected and subscribed ${CLIENTS} clients in ${connectMs.toFixed(0)} ms (connect only)`);

  const updates = await rounds(clients, INSTALLATIONS_UPDATED_EVENT, () => hub.installationsChanged([1]));
  const broadcast = await rounds(clients, 'tick', (stamp) => hub.trigger(['fleet'], 'tick', { stamp }));
  for (const c of clients) c.ws.close();
  await app.close();
  return { updates, broadcast };
}

async function baselineRun() {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((r) => wss.once('listening', r));
  const port = (wss.address() as { port: number }).port;
  wss.on('connection', (ws) =>
    ws.send(JSON.stringify({ event: 'pusher:connection_established', data: '{"socket_id":"1.1"}' })),
  );
  const clients: Probe[] = [];
  for (let i = 0; i < CLIENTS; i += 50)
    clients.push(
      ...(await Promise.all(Array.from({ length: Math.min(50, CLIENTS - i) }, () => open(`ws://127.0.0.1:${port}`)))),
    );
  const delays = await rounds(clients, 'tick', (stamp) => {
    const text = JSON.stringify({ event: 'tick', channel: 'fleet', data: JSON.stringify({ stamp }) });
    for (const ws of wss.clients) ws.send(text);
  });
  for (const c of clients) c.ws.close();
  await new Promise((r) => wss.close(r));
  return delays;
}

async function main() {
  console.log(`realtime fan-out: ${CLIENTS} clients × ${ROUNDS} rounds (node ${process.version})`);
  await baselineRun(); // warm-up (JIT), not reported
  const base = summary('baseline: bare ws broadcast', await baselineRun());
  const { updates, broadcast } = await hubRun();
  const b = summary('hub: channel broadcast (trigger)', broadcast);
  const u = summary('hub: installations-updated to followers', updates);
  console.log(
    `ratio p99 vs baseline: broadcast ${(b.p99 / base.p99).toFixed(2)}×, installation updates ${(u.p99 / base.p99).toFixed(2)}× (goal: installation updates p99 ≤ 100 ms)`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
