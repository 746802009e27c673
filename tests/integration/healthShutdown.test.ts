/**
 * /healthz and /readyz (server/health.ts), and the graceful stop of a process (server/shutdown.ts):
 * a request in flight finishes, what is still open when the grace period ends is closed, realtime
 * sockets are told to reconnect at once (Pusher close code 4200).
 */
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../support/testApp';
import { markDraining } from '../../server/health';
import { gracefulShutdown } from '../../server/shutdown';
import { CLOSE } from '../../server/realtime/protocol';

describe('/healthz and /readyz', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: 'empty' });
  });
  afterAll(async () => t?.close());

  it('/healthz answers while the process runs; /readyz once the database answers with every migration applied', async () => {
    const health = await t.call('GET', '/healthz');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
    const ready = await t.call('GET', '/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', shutdown: 'ok' },
    });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('/readyz answers 503 when the newest migration of this build is not applied', async () => {
    await t.ctx.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const ready = await t.call('GET', '/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json().checks.migrations).toMatch(/not applied/);
    expect((await t.call('GET', '/healthz')).statusCode).toBe(200);
  });
});

describe('/readyz', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers 503 when Redis (REDIS_URL) does not answer', async () => {
    // A port nothing listens on: the connection is refused.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    t = await createTestApp({ seed: 'empty', env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
    const ready = await t.call('GET', '/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'not ready', checks: { database: 'ok', migrations: 'ok' } });
    expect(ready.json().checks.redis).toMatch(/^unreachable/);
  });

  it('answers 503 as soon as the process is shutting down', async () => {
    t = await createTestApp({ seed: 'empty' });
    markDraining(t.app);
    const ready = await t.call('GET', '/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json().checks.shutdown).toBe('shutting down');
  });
});

/** A raw HTTP request whose body is held back: in flight until `finish()` sends the rest. */
function heldRequest(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  // A public route that reads a JSON body: nothing answers before the whole body is there.
  const body = JSON.stringify({ code: 'x'.repeat(40), redirectUri: 'http://127.0.0.1/callback' });
  let text = '';
  const response = new Promise<string>((resolve) => {
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('close', () => resolve(text));
    socket.on('error', () => {});
  });
  const sent = new Promise<void>((resolve) =>
    socket.on('connect', () => {
      socket.write(
        `POST /api/login/google HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n` +
          `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body.slice(0, 10)}`,
        () => resolve(),
      );
    }),
  );
  return { sent, response, received: () => text, finish: () => socket.end(body.slice(10)) };
}

function websocketClosed(port: number, key: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${key}?protocol=7&client=test&version=1`);
  const opened = new Promise<void>((resolve) => ws.on('message', () => resolve()));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return { opened, closed };
}

describe('graceful shutdown', () => {
  it('lets a request in flight finish, and closes realtime sockets with the reconnect code 4200', async () => {
    const t = await createTestApp({ seed: 'empty' });
    try {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const port = (t.app.server.address() as net.AddressInfo).port;
      const socket = websocketClosed(port, t.config.realtime.key);
      await socket.opened;
      const received = new Promise((resolve) => t.app.server.once('request', resolve));
      const held = heldRequest(port);
      await held.sent;
      await received; // the server has the request's head: it is in flight

      const stopped = gracefulShutdown(t.app, t.ctx, { graceMs: 60_000 });
      expect(await socket.closed).toBe(CLOSE.reconnectImmediately);
      // The server no longer accepts connections…
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
      // …but the request that was in flight (its body not all sent yet) gets its full answer.
      expect(held.received()).toBe('');
      held.finish();
      const answer = await held.response;
      expect(answer).toMatch(/^HTTP\/1\.1 [2345]\d\d /);
      expect(answer).toMatch(/\r\n\r\n\{"status":\d{3},"message":"/);
      expect(await stopped).toEqual({ forced: false });
    } finally {
      await t.ctx.realtime.close().catch(() => {});
      await t.close().catch(() => {});
    }
  });

  it('closes what is still open when the grace period ends', async () => {
    const t = await createTestApp({ seed: 'empty' });
    try {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const port = (t.app.server.address() as net.AddressInfo).port;
      const received = new Promise((resolve) => t.app.server.once('request', resolve));
      const held = heldRequest(port);
      await held.sent;
      await received;
      const outcome = await gracefulShutdown(t.app, t.ctx, { graceMs: 50 });
      expect(outcome).toEqual({ forced: true });
      // The connection was closed without an answer.
      expect(await held.response).toBe('');
    } finally {
      await t.close().catch(() => {});
    }
  });
});
