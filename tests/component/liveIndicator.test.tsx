/**
 * The installations toolbar's live chip over the console's pusher-js transport with a fake pusher-js
 * connection: "Connecting…" from the first render (not "No Live Updates"), "Connected" the moment
 * the connection is up and the user's channel joined (pusher-js's own events, no wait for the 5 s
 * check), "No Live Updates" when pusher-js gives up, and "No Live Updates" after the 5 s time-out
 * of a connection that never comes up (fake timers).
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userChannel } from '../../common/realtime';
import { LiveIndicator } from '../../src/resources/installations/LiveIndicator';
import type { LiveTransport } from '../../src/realtime/liveUpdates';
import { pusherTransport } from '../../src/realtime/pusherTransport';
import { useLiveUpdates } from '../../src/realtime/useLiveUpdates';
import { TestAdmin, appDataProvider, signInAs } from './support/admin';

const fake = vi.hoisted(() => {
  type Handler = (data?: unknown) => void;
  class Emitter {
    private readonly handlers = new Map<string, Set<Handler>>();
    bind(event: string, handler: Handler) {
      let set = this.handlers.get(event);
      if (!set) this.handlers.set(event, (set = new Set()));
      set.add(handler);
    }
    emit(event: string, data?: unknown) {
      for (const h of this.handlers.get(event) ?? []) h(data);
    }
  }
  /** pusher-js's connection: `state`, `socket_id`, and `state_change` then the state's own event. */
  class Connection extends Emitter {
    state = 'initialized';
    socket_id: string | undefined;
    set(state: string, socketId?: string) {
      const previous = this.state;
      this.state = state;
      this.socket_id = socketId;
      this.emit('state_change', { previous, current: state });
      this.emit(state);
    }
  }
  class Channel extends Emitter {
    subscribed = false;
    constructor(readonly name: string) {
      super();
    }
    succeed() {
      this.subscribed = true;
      this.emit('pusher:subscription_succeeded', {});
    }
  }
  const clients: Pusher[] = [];
  class Pusher {
    readonly connection = new Connection();
    channel: Channel | undefined;
    constructor() {
      clients.push(this);
      this.connection.set('connecting');
    }
    subscribe(name: string) {
      return (this.channel = new Channel(name));
    }
    connect() {}
    disconnect() {
      this.connection.set('disconnected');
    }
  }
  return { Pusher, clients };
});

vi.mock('pusher-js', () => ({ default: fake.Pusher }));

const authorize = vi.fn(async () => ({ auth: 'k:sig' }));
const transportOf = (userId: number): LiveTransport => pusherTransport({ key: 'k' }, userId, authorize);

function Toolbar() {
  const status = useLiveUpdates({ ids: undefined, fetchedAt: 0, failed: false }, () => {}, transportOf);
  return <LiveIndicator status={status} />;
}

/** The chip's label and status. */
const shown = (chip: HTMLElement) => [chip.textContent, chip.dataset.status];

async function renderChip() {
  render(
    <TestAdmin dataProvider={appDataProvider()}>
      <Toolbar />
    </TestAdmin>,
  );
  const chip = screen.getByTestId('live-indicator');
  // pusher-js is loaded on first use: the fake client exists once that import settled.
  await act(() => vi.dynamicImportSettled());
  const client = fake.clients.at(-1)!;
  expect(client.channel?.name).toBe(userChannel(7));
  return { chip, client };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  signInAs(['view_installations'], { id: 7 });
  fake.clients.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('LiveIndicator over pusher-js', () => {
  it('says Connecting… at first and Connected on the connection events, with no wait', async () => {
    const { chip, client } = await renderChip();
    expect(shown(chip)).toEqual(['Connecting…', 'connecting']);

    act(() => client.connection.set('connected', '12.34'));
    // Connected, but the user's channel is not joined yet: no updates can arrive.
    expect(shown(chip)).toEqual(['Connecting…', 'connecting']);
    act(() => client.channel!.succeed());
    expect(shown(chip)).toEqual(['Connected', 'connected']);

    act(() => client.connection.set('unavailable'));
    expect(shown(chip)).toEqual(['No Live Updates', 'offline']);
  });

  it('says No Live Updates once a connection that never comes up times out after 5 s', async () => {
    const { chip } = await renderChip();
    await act(() => vi.advanceTimersByTimeAsync(4999));
    expect(shown(chip)).toEqual(['Connecting…', 'connecting']);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(shown(chip)).toEqual(['No Live Updates', 'offline']);
  });
});
