/**
 * The live-update rules of document 2 (sections 4, 8, 9) on the console's controller, with fake
 * timers and a fake transport: subscribe 2 s after a fetch only when connected and rows exist,
 * unsubscribe 30 s after the tab is hidden and subscribe again when visible, stop after a failed
 * fetch, re-check the connection every 5 s and report a connection that never came up once; the
 * status is 'connecting' until the transport's own state event says connected (no wait for a check),
 * and 'offline' once the transport gave up or the 5 s time-out passed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveUpdates, type LiveTimings, type LiveTransport } from '../../src/realtime/liveUpdates';

/** A transport whose state changes are told (as pusher-js state events are) when `events` is on. */
function fakeTransport({ events = false } = {}) {
  let connected = false;
  let connecting = true;
  let socket: string | undefined;
  const handlers = new Set<(ids: number[]) => void>();
  const stateHandlers = new Set<() => void>();
  const changed = () => {
    if (events) for (const h of stateHandlers) h();
  };
  const transport: LiveTransport = {
    connect: vi.fn(),
    disconnect: vi.fn(),
    isConnected: () => connected,
    isConnecting: () => connecting,
    socketId: () => socket,
    onStateChange(h) {
      stateHandlers.add(h);
      return () => stateHandlers.delete(h);
    },
    onInstallationsUpdated(h) {
      handlers.add(h);
      return () => handlers.delete(h);
    },
  };
  return {
    transport,
    up(id = '1.1') {
      connected = true;
      connecting = false;
      socket = id;
      changed();
    },
    down({ retrying = false } = {}) {
      connected = false;
      connecting = retrying;
      socket = undefined;
      changed();
    },
    push(ids: number[]) {
      for (const h of handlers) h(ids);
    },
  };
}

function setup(opts?: { events?: boolean; timings?: Partial<LiveTimings> }) {
  const fake = fakeTransport(opts);
  const api = { subscribe: vi.fn(async () => {}), unsubscribe: vi.fn(async () => {}) };
  const onUpdate = vi.fn();
  const onStatus = vi.fn();
  const onError = vi.fn();
  const live = new LiveUpdates(fake.transport, api, { onUpdate, onStatus, onError, timings: opts?.timings });
  return { fake, api, live, onUpdate, onStatus, onError };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('LiveUpdates', () => {
  it('subscribes the rows on screen 2 s after each fetch, only while connected', async () => {
    const { fake, api, live } = setup();
    live.rowsFetched([1, 2, 3]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(api.subscribe).not.toHaveBeenCalled(); // not connected yet
    fake.up('7.7');
    live.rowsFetched([1, 2, 3]);
    await vi.advanceTimersByTimeAsync(1999);
    expect(api.subscribe).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.subscribe).toHaveBeenCalledWith('7.7', [1, 2, 3]);
    live.dispose();
  });

  it('refetches only rows that are on screen', async () => {
    const { fake, live, onUpdate } = setup();
    fake.up();
    live.rowsFetched([5, 6]);
    fake.push([6, 99]);
    expect(onUpdate).toHaveBeenCalledWith([6]);
    fake.push([99]);
    expect(onUpdate).toHaveBeenCalledTimes(1);
    live.dispose();
  });

  it('unsubscribes 30 s after the tab is hidden and subscribes again when it is visible', async () => {
    const { fake, api, live } = setup();
    fake.up('2.2');
    live.rowsFetched([1]);
    await vi.advanceTimersByTimeAsync(2000);
    live.setVisible(false);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(api.unsubscribe).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.unsubscribe).toHaveBeenCalledWith('2.2');
    api.subscribe.mockClear();
    live.setVisible(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(api.subscribe).toHaveBeenCalledWith('2.2', [1]);
    live.dispose();
  });

  it('a tab hidden for less than 30 s keeps its subscription', async () => {
    const { fake, api, live } = setup();
    fake.up();
    live.rowsFetched([1]);
    await vi.advanceTimersByTimeAsync(2000);
    live.setVisible(false);
    await vi.advanceTimersByTimeAsync(10_000);
    live.setVisible(true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(api.unsubscribe).not.toHaveBeenCalled();
    live.dispose();
  });

  it('stops after a failed fetch and ignores updates until the next successful one', async () => {
    const { fake, api, live, onUpdate } = setup();
    fake.up('3.3');
    live.rowsFetched([1]);
    await vi.advanceTimersByTimeAsync(2000);
    live.fetchFailed();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.unsubscribe).toHaveBeenCalledWith('3.3');
    fake.push([1]);
    expect(onUpdate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(api.subscribe).toHaveBeenCalledTimes(1);
    live.dispose();
  });

  it('re-checks the connection every 5 s: status changes, resubscribe on a new socket, one failure message', async () => {
    const { fake, api, live, onStatus, onError } = setup();
    live.rowsFetched([4]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(onError).toHaveBeenCalledWith('Pusher failed to gain a connection');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(onError).toHaveBeenCalledTimes(1);
    fake.up('8.8');
    await vi.advanceTimersByTimeAsync(5000);
    expect(onStatus).toHaveBeenLastCalledWith('connected');
    expect(api.subscribe).toHaveBeenLastCalledWith('8.8', [4]);
    fake.down();
    await vi.advanceTimersByTimeAsync(5000);
    expect(onStatus).toHaveBeenLastCalledWith('offline');
    fake.up('9.9'); // reconnected with a new socket id
    await vi.advanceTimersByTimeAsync(5000);
    expect(api.subscribe).toHaveBeenLastCalledWith('9.9', [4]);
    live.dispose();
  });

  it('is connecting from the start and connected on the transport’s state event, without waiting for a check', async () => {
    const { fake, api, live, onStatus } = setup({ events: true });
    expect(onStatus.mock.calls).toEqual([['connecting']]);
    live.rowsFetched([3]);
    await vi.advanceTimersByTimeAsync(100);
    fake.up('5.5');
    expect(live.liveStatus).toBe('connected');
    expect(onStatus).toHaveBeenLastCalledWith('connected');
    await vi.advanceTimersByTimeAsync(0);
    expect(api.subscribe).toHaveBeenCalledWith('5.5', [3]); // on the event, not 2 s or 5 s later
    // A dropped connection that pusher-js retries is 'connecting' again, then 'offline' after 5 s.
    fake.down({ retrying: true });
    expect(live.liveStatus).toBe('connecting');
    await vi.advanceTimersByTimeAsync(5000);
    expect(live.liveStatus).toBe('offline');
    fake.up('6.6');
    expect(live.liveStatus).toBe('connected');
    live.dispose();
  });

  it('is offline at once when the transport gives up, and after 5 s of connecting', async () => {
    const gaveUp = setup({ events: true });
    gaveUp.fake.down();
    expect(gaveUp.live.liveStatus).toBe('offline');
    gaveUp.live.dispose();

    const { live, onError } = setup({ events: true });
    await vi.advanceTimersByTimeAsync(4999);
    expect(live.liveStatus).toBe('connecting');
    await vi.advanceTimersByTimeAsync(1);
    expect(live.liveStatus).toBe('offline');
    expect(onError).toHaveBeenCalledWith('Pusher failed to gain a connection');
    live.dispose();
  });

  it('without a connection time-out (the demo: the hub is in the browser) stays connecting, reports no failure', async () => {
    const { fake, live, onError } = setup({ events: true, timings: { connectionTimeoutMs: null } });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(live.liveStatus).toBe('connecting');
    expect(onError).not.toHaveBeenCalled();
    fake.up();
    expect(live.liveStatus).toBe('connected');
    // The transport giving up is still offline, without a message.
    fake.down();
    expect(live.liveStatus).toBe('offline');
    expect(onError).not.toHaveBeenCalled();
    live.dispose();
  });

  it('goes offline with the browser and connecting when it is back', async () => {
    const { fake, live } = setup({ events: true });
    fake.up();
    live.setOnline(false);
    expect(live.liveStatus).toBe('offline');
    fake.down({ retrying: true });
    live.setOnline(true);
    expect(live.liveStatus).toBe('connecting');
    fake.up('2.3');
    expect(live.liveStatus).toBe('connected');
    live.dispose();
  });

  it('does not subscribe without rows, and unsubscribes and disconnects on dispose', async () => {
    const { fake, api, live } = setup();
    fake.up('1.2');
    live.rowsFetched([]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(api.subscribe).not.toHaveBeenCalled();
    live.rowsFetched([1]);
    await vi.advanceTimersByTimeAsync(2000);
    live.dispose();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.unsubscribe).toHaveBeenCalledWith('1.2');
    expect(fake.transport.disconnect).toHaveBeenCalled();
  });
});
