/**
 * Who may set what a realtime socket follows, across backend processes, without Redis or sockets:
 * two hubs on one in-memory shared bus and fake WebSockets. The holder of a socket decides (only the
 * user whose own channel it joined) and answers a request made to another process; a socket no
 * process holds is refused once the answer time is up (fake timers).
 */
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { INSTALLATIONS_UPDATED_EVENT, userChannel } from '../../common/realtime';
import type { BusMessage, RealtimeBus } from '../../server/realtime/bus';
import { RealtimeHub } from '../../server/realtime/hub';
import { signChannel, type Frame } from '../../server/realtime/protocol';

const APP = { key: 'k', secret: 's' };

/** Every hub listening on one bus receives every message, its own included, as over Redis. */
function sharedBus() {
  const handlers: ((message: BusMessage) => void)[] = [];
  return (): RealtimeBus => ({
    shared: true,
    async publish(message) {
      const copy = JSON.parse(JSON.stringify(message)) as BusMessage;
      queueMicrotask(() => handlers.forEach((h) => h(copy)));
    },
    listen: (handler) => void handlers.push(handler),
    close: async () => {},
  });
}

class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  readonly frames: Frame[] = [];
  send(text: string) {
    this.frames.push(JSON.parse(text) as Frame);
  }
  terminate() {}
  close() {}
}

/** A socket on `hub` that joined the presence channel of `userId` with a valid signature. */
function joined(hub: RealtimeHub, userId: number) {
  const ws = new FakeSocket();
  const socketId = hub.connect(ws as unknown as WebSocket);
  const channel = userChannel(userId);
  const channelData = JSON.stringify({ user_id: String(userId) });
  const auth = signChannel(APP, socketId, channel, channelData);
  ws.emit(
    'message',
    Buffer.from(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth, channel_data: channelData } })),
    false,
  );
  expect(ws.frames.at(-1)?.event).toBe('pusher_internal:subscription_succeeded');
  return { ws, socketId };
}

const updates = (ws: FakeSocket) =>
  ws.frames.filter((f) => f.event === INSTALLATIONS_UPDATED_EVENT).map((f) => JSON.parse(f.data!).ids as number[]);

let a: RealtimeHub;
let b: RealtimeHub;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  const bus = sharedBus();
  a = new RealtimeHub(APP, bus(), { interestAnswerMs: 2000 });
  b = new RealtimeHub(APP, bus(), { interestAnswerMs: 2000 });
});
afterEach(async () => {
  await a.close();
  await b.close();
  vi.useRealTimers();
});

describe('RealtimeHub.follow across processes', () => {
  it('the process holding the socket accepts its owner and refuses anyone else', async () => {
    const admin = joined(a, 1);
    await expect(b.follow(admin.socketId, 1, [10, 11])).resolves.toBe(true);
    await expect(b.follow(admin.socketId, 2, [12])).resolves.toBe(false);
    await expect(b.follow(admin.socketId, 2, [])).resolves.toBe(false);
    await a.installationsChanged([11, 12]);
    await vi.waitFor(() => expect(updates(admin.ws)).toEqual([[11]]));
  });

  it('refuses a socket that joined no user channel, in its own process and in another', async () => {
    const ws = new FakeSocket();
    const socketId = a.connect(ws as unknown as WebSocket);
    await expect(a.follow(socketId, 1, [1])).resolves.toBe(false);
    await expect(b.follow(socketId, 1, [1])).resolves.toBe(false);
  });

  it('refuses a socket no process holds once the answer time is up', async () => {
    let answer: boolean | undefined;
    void b.follow('123.456', 1, [1]).then((accepted) => (answer = accepted));
    await vi.advanceTimersByTimeAsync(1999);
    expect(answer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toBe(false);
  });
});
