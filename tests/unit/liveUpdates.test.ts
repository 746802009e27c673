/**
 * The live-update rules of document 2 (sections 4, 8, 9) on the console's controller, with fake
 * timers and a fake transport: subscribe 2 s after a fetch only when connected and rows exist,
 * unsubscribe 30 s after the tab is hidden and subscribe again when visible, stop after a failed
 * fetch, re-check the connection every 5 s and report a connection that never came up once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveUpdates, type LiveTransport } from '../../src/realtime/liveUpdates';

function fakeTransport() {
  let connected = false;
  let socket: string | undefined;
  const handlers = new Set<(ids: number[]) => void>();
  const transport: LiveTransport = {
    connect: vi.fn(),
    disconnect: vi.fn(),
    isConnected: () => connected,
    socketId: () => socket,
    onInstallationsUpdated(h) {
      handlers.add(h);
      return () => handlers.delete(h);
    },
  };
  return {
    transport,
    up(id = '1.1') {
      connected = true;
      socket = id;
    },
    down() {
      connected = false;
      socket = undefined;
    },
    push(ids: number[]) {
      for (const h of handlers) h(ids);
    },
  };
}

function setup() {
  const fake = fakeTransport();
  const api = { subscribe: vi.fn(async () => {}), unsubscribe: vi.fn(async () => {}) };
  const onUpdate = vi.fn();
  const onStatus = vi.fn();
  const onError = vi.fn();
  const live = new LiveUpdates(fake.transport, api, { onUpdate, onStatus, onError });
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
