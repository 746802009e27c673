/**
 * Cache invalidation across processes (RealtimeHub.invalidate / onInvalidate): what one process says
 * is stale reaches every other process's handlers, not its own (it dropped its entries already),
 * and nothing is sent when no other process shares the bus.
 */
import { describe, expect, it } from 'vitest';
import type { BusMessage, RealtimeBus } from '../../server/realtime/bus';
import { LocalBus } from '../../server/realtime/bus';
import { RealtimeHub } from '../../server/realtime/hub';

const APP = { key: 'k', secret: 's' };

/** Every hub on one bus receives every message, its own included, as over Redis. */
function sharedBus() {
  const handlers: ((message: BusMessage) => void)[] = [];
  const sent: BusMessage[] = [];
  const bus = (): RealtimeBus => ({
    shared: true,
    async publish(message) {
      sent.push(message);
      const copy = JSON.parse(JSON.stringify(message)) as BusMessage;
      queueMicrotask(() => handlers.forEach((h) => h(copy)));
    },
    listen: (handler) => void handlers.push(handler),
    close: async () => {},
  });
  return { bus, sent };
}

describe('RealtimeHub.invalidate', () => {
  it('reaches the other processes, not the sender', async () => {
    const { bus } = sharedBus();
    const a = new RealtimeHub(APP, bus());
    const b = new RealtimeHub(APP, bus());
    const seenA: unknown[] = [];
    const seenB: unknown[] = [];
    a.onInvalidate((cache, keys) => seenA.push([cache, keys]));
    const received = new Promise<void>((resolve) =>
      b.onInvalidate((cache, keys) => {
        seenB.push([cache, keys]);
        resolve();
      }),
    );
    await a.invalidate('sessions', ['sid-1', 7]);
    await received;
    expect(seenB).toEqual([['sessions', ['sid-1', 7]]]);
    expect(seenA).toEqual([]);
    await a.close();
    await b.close();
  });

  it('sends nothing with one process', async () => {
    const hub = new RealtimeHub(APP, new LocalBus());
    const seen: unknown[] = [];
    hub.onInvalidate((cache) => seen.push(cache));
    await hub.invalidate('roles');
    // The local bus delivers on a microtask: one turn later nothing has arrived.
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(seen).toEqual([]);
    await hub.close();
  });
});
