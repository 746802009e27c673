/**
 * Live updates over a real socket: pusher-js (the client the console uses) against the backend's
 * Pusher-protocol server, the channel auth endpoint, the follow/unfollow endpoints and, with Redis,
 * an update raised by one backend process reaching a client connected to another.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Pusher from 'pusher-js';
import WebSocket from 'ws';
import { INSTALLATIONS_UPDATED_EVENT, userChannel } from '../../common/realtime';
import { signChannel } from '../../server/realtime/protocol';
import { createTestApp, type TestApp } from '../support/testApp';

type Client = InstanceType<typeof Pusher>;

async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A pusher-js client authorised through the backend with a bearer token, as the console does. */
function connect(port: number, key: string, token: string): Promise<Client> {
  const client = new Pusher(key, {
    cluster: 'local',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      endpoint: `http://127.0.0.1:${port}/api/realtime/auth`,
      transport: 'ajax',
      headers: { Authorization: `Bearer ${token}` },
    },
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no connection')), 5000);
    client.connection.bind('connected', () => {
      clearTimeout(timer);
      resolve(client);
    });
  });
}

function joinOwnChannel(client: Client, userId: number) {
  const channel = client.subscribe(userChannel(userId));
  return new Promise<typeof channel>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve(channel));
    channel.bind('pusher:subscription_error', (err: unknown) => reject(new Error(JSON.stringify(err))));
  });
}

function nextEvent<T>(channel: { bind(e: string, f: (d: T) => void): void }, event: string, ms = 5000) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    channel.bind(event, (data: T) => {
      clearTimeout(timer);
      resolve(data);
    });
  });
}

/** Raw frames of one WebSocket, for the protocol details pusher-js hides. */
async function rawSocket(port: number, key: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${key}?protocol=7&client=test&version=1`);
  const frames: { event: string; channel?: string; data?: string }[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (raw) => {
    frames.push(JSON.parse(raw.toString()));
    waiters.splice(0).forEach((w) => w());
  });
  const next = async (event: string) => {
    for (;;) {
      const i = frames.findIndex((f) => f.event === event);
      if (i >= 0) return frames.splice(i, 1)[0]!;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${event}`)), 5000);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
  const established = await next('pusher:connection_established');
  const { socket_id: socketId, activity_timeout } = JSON.parse(established.data!);
  return { ws, socketId: socketId as string, activityTimeout: activity_timeout as number, next, frames };
}

describe('realtime (one backend process)', () => {
  let t: TestApp;
  let port: number;
  let admin: { id: number; token: string };
  const key = () => t.config.realtime.key;

  beforeAll(async () => {
    t = await createTestApp();
    port = await listen(t);
    const login = await t.login('admin');
    admin = { id: login.user.id, token: login.tokens.accessToken };
  });
  afterAll(() => t?.close());

  it('connects with the protocol essentials and answers pings', async () => {
    const s = await rawSocket(port, key());
    expect(s.socketId).toMatch(/^\d+\.\d+$/);
    expect(s.activityTimeout).toBeGreaterThan(0);
    s.ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
    await s.next('pusher:pong');
    s.ws.close();
  });

  it('refuses an unknown application key with code 4001', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/not-the-key`);
    const code = await new Promise<number>((resolve) => ws.on('close', (c) => resolve(c)));
    expect(code).toBe(4001);
  });

  it('signs only the caller’s own user channel', async () => {
    const s = await rawSocket(port, key());
    const own = await t.call('POST', '/api/realtime/auth', {
      token: admin.token,
      body: `socket_id=${s.socketId}&channel_name=${userChannel(admin.id)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(own.statusCode).toBe(200);
    const { auth, channel_data } = own.json();
    expect(JSON.parse(channel_data)).toMatchObject({ user_id: String(admin.id) });
    expect(auth).toBe(signChannel(t.config.realtime, s.socketId, userChannel(admin.id), channel_data));

    const other = await t.call('POST', '/api/realtime/auth', {
      token: admin.token,
      body: { socket_id: s.socketId, channel_name: userChannel(admin.id + 1) },
    });
    expect(other.statusCode).toBe(403);
    const anonymous = await t.call('POST', '/api/realtime/auth', {
      body: { socket_id: s.socketId, channel_name: userChannel(admin.id) },
    });
    expect(anonymous.statusCode).toBe(401);
    const malformed = await t.call('POST', '/api/realtime/auth', {
      token: admin.token,
      body: { socket_id: 'abc', channel_name: userChannel(admin.id) },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/socket_id/);
    s.ws.close();
  });

  it('refuses a presence subscription with a forged signature', async () => {
    const s = await rawSocket(port, key());
    const channel = userChannel(admin.id);
    const channelData = JSON.stringify({ user_id: String(admin.id) });
    const forged = signChannel({ key: key(), secret: 'not-the-secret' }, s.socketId, channel, channelData);
    s.ws.send(
      JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: forged, channel_data: channelData } }),
    );
    const error = await s.next('pusher:subscription_error');
    expect(error.channel).toBe(channel);
    expect(JSON.parse(error.data!).status).toBe(401);
    s.ws.close();
  });

  it('delivers presence membership and updates of followed installations to pusher-js', async () => {
    const client = await connect(port, key(), admin.token);
    const channel = await joinOwnChannel(client, admin.id);
    const members = (channel as unknown as { members: { count: number; me: { id: string } } }).members;
    expect(members.count).toBe(1);
    expect(members.me.id).toBe(String(admin.id));

    const socketId = client.connection.socket_id;
    const follow = await t.call('POST', `/api/pusher/subscribe/${socketId}`, { token: admin.token, body: [1, 2, 3] });
    expect(follow.statusCode).toBe(200);

    const update = nextEvent<{ ids: number[] }>(channel, INSTALLATIONS_UPDATED_EVENT);
    await t.ctx.realtime.installationsChanged([2, 99]);
    expect((await update).ids).toEqual([2]);

    // After unsubscribing, changes are no longer sent.
    const stop = await t.call('POST', `/api/pusher/unsubscribe/${socketId}`, { token: admin.token });
    expect(stop.statusCode).toBe(200);
    await expect(
      (async () => {
        const late = nextEvent<{ ids: number[] }>(channel, INSTALLATIONS_UPDATED_EVENT, 400);
        await t.ctx.realtime.installationsChanged([2]);
        return late;
      })(),
    ).rejects.toThrow(/no installations-updated/);
    client.disconnect();
  });

  it('only the user whose channel a socket joined changes what it follows', async () => {
    const client = await connect(port, key(), admin.token);
    const channel = await joinOwnChannel(client, admin.id);
    const socketId = client.connection.socket_id;
    expect(
      (await t.call('POST', `/api/pusher/subscribe/${socketId}`, { token: admin.token, body: [4] })).statusCode,
    ).toBe(200);

    // The viewer (who may view installations) knows the socket id: neither call is theirs to make.
    const viewer = await t.tokenOf('viewer');
    const retarget = await t.call('POST', `/api/pusher/subscribe/${socketId}`, { token: viewer, body: [5] });
    expect(retarget.statusCode).toBe(403);
    expect(retarget.json()).toEqual({ status: 403, message: 'This realtime socket has not joined your user channel' });
    const clear = await t.call('POST', `/api/pusher/unsubscribe/${socketId}`, { token: viewer });
    expect(clear.statusCode).toBe(403);

    // The admin still follows installation 4, and only it.
    const update = nextEvent<{ ids: number[] }>(channel, INSTALLATIONS_UPDATED_EVENT);
    await t.ctx.realtime.installationsChanged([5, 4]);
    expect((await update).ids).toEqual([4]);
    client.disconnect();
  });

  it('refuses to follow on a socket that joined no user channel, or that does not exist', async () => {
    const s = await rawSocket(port, key());
    const notJoined = await t.call('POST', `/api/pusher/subscribe/${s.socketId}`, { token: admin.token, body: [1] });
    expect(notJoined.statusCode).toBe(403);
    const unknown = await t.call('POST', '/api/pusher/unsubscribe/123.456', { token: admin.token });
    expect(unknown.statusCode).toBe(403);
    s.ws.close();
  });

  it('needs view_installations to follow installations and validates the ids', async () => {
    const s = await rawSocket(port, key());
    const role = await t.call('POST', '/api/admin/roles', {
      token: admin.token,
      body: { name: 'Sensors only', permissions: ['view_sensors'] },
    });
    expect(role.statusCode).toBe(201);
    const moved = await t.call('PATCH', '/api/admin/users/4', { token: admin.token, body: { role: 'Sensors only' } });
    expect(moved.statusCode).toBe(200);
    const sensorsOnly = (await t.login('sales')).tokens.accessToken;
    const refused = await t.call('POST', `/api/pusher/subscribe/${s.socketId}`, { token: sensorsOnly, body: [1] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/view_installations/);

    const huge = await t.call('POST', `/api/pusher/subscribe/${s.socketId}`, {
      token: admin.token,
      body: [2_147_483_648],
    });
    expect(huge.statusCode).toBe(400);
    const notAList = await t.call('POST', `/api/pusher/subscribe/${s.socketId}`, {
      token: admin.token,
      body: { ids: [1] },
    });
    expect(notAList.statusCode).toBe(400);
    const badSocket = await t.call('POST', '/api/pusher/subscribe/12;34', { token: admin.token, body: [1] });
    expect(badSocket.statusCode).toBe(400);
    s.ws.close();
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('realtime across backend processes (Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  /** Clients connect to process a; the follow requests go to process b. */
  let port: number;
  beforeAll(async () => {
    const env = {
      REDIS_URL: process.env.TEST_REDIS_URL!,
      REALTIME_REDIS_CHANNEL: `aq-test:${crypto.randomBytes(6).toString('hex')}`,
    };
    [a, b] = await Promise.all([createTestApp({ env }), createTestApp({ env })]);
    port = await listen(a);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('an installation changed in one process reaches a pusher-js client connected to the other', async () => {
    const login = await a.login('admin');
    const client = await connect(port, a.config.realtime.key, login.tokens.accessToken);
    const channel = await joinOwnChannel(client, login.user.id);
    // The follow request may land on any process: here on the other one.
    const follow = await b.call('POST', `/api/pusher/subscribe/${client.connection.socket_id}`, {
      token: await b.tokenOf('admin'),
      body: [7],
    });
    expect(follow.statusCode).toBe(200);
    const update = nextEvent<{ ids: number[] }>(channel, INSTALLATIONS_UPDATED_EVENT);
    await b.ctx.realtime.installationsChanged([7]);
    expect((await update).ids).toEqual([7]);
    client.disconnect();
  });

  it('another user cannot retarget the socket through the other process either', async () => {
    const login = await a.login('admin');
    const client = await connect(port, a.config.realtime.key, login.tokens.accessToken);
    const channel = await joinOwnChannel(client, login.user.id);
    const socketId = client.connection.socket_id;
    const own = await b.call('POST', `/api/pusher/subscribe/${socketId}`, {
      token: await b.tokenOf('admin'),
      body: [8],
    });
    expect(own.statusCode).toBe(200);

    const viewer = await b.tokenOf('viewer');
    const retarget = await b.call('POST', `/api/pusher/subscribe/${socketId}`, { token: viewer, body: [9] });
    expect(retarget.statusCode).toBe(403);
    const clear = await b.call('POST', `/api/pusher/unsubscribe/${socketId}`, { token: viewer });
    expect(clear.statusCode).toBe(403);

    const update = nextEvent<{ ids: number[] }>(channel, INSTALLATIONS_UPDATED_EVENT);
    await b.ctx.realtime.installationsChanged([9, 8]);
    expect((await update).ids).toEqual([8]);
    client.disconnect();
  });
});
