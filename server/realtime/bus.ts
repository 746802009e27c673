/**
 * How realtime messages reach every backend process. With one process the bus is local; with
 * `REDIS_URL` set, every process publishes to and listens on one Redis channel, so an event raised by
 * one process reaches WebSocket clients connected to another. A process handles its own messages
 * only when they come back from the bus, so one code path serves both cases.
 */
import type { Redis } from 'ioredis';

/** What crosses processes. `data` is the JSON string sent as the frame's data. */
export type BusMessage =
  /** `userId`: the presence member that sent a client event. */
  | { type: 'event'; channels: string[]; event: string; data: string; except?: string; userId?: string }
  /**
   * A user's request to set what one socket follows (replaces the previous set; empty clears it).
   * The process holding the socket applies it only when the socket joined that user's own channel,
   * and answers `requestId` to the process `from` with an `interest-answer`.
   */
  | { type: 'interest'; socketId: string; userId: number; ids: number[]; requestId?: string; from?: string }
  /** The holder's answer to an `interest` request: `accepted` false when the socket is not the user's. */
  | { type: 'interest-answer'; requestId: string; to: string; accepted: boolean }
  /** Installations changed: sockets interested in any of them are told which. */
  | { type: 'installations'; ids: number[] }
  /**
   * An in-process cache entry is stale (a session revoked, a role changed, a tag added): every other
   * process drops it. `from`: the sender, which dropped its own entry already.
   */
  | { type: 'invalidate'; cache: string; keys?: (string | number)[]; from: string };

export interface RealtimeBus {
  /** Whether other processes share this bus (a socket not held here may be held by one of them). */
  readonly shared: boolean;
  publish(message: BusMessage): Promise<void>;
  /** Registers the one handler of this process. */
  listen(handler: (message: BusMessage) => void): void;
  /** Throws when the bus cannot carry messages now (Redis unreachable): the readiness check. */
  ping?(): Promise<void>;
  close(): Promise<void>;
}

export class LocalBus implements RealtimeBus {
  readonly shared = false;
  private handler: (message: BusMessage) => void = () => {};

  async publish(message: BusMessage): Promise<void> {
    // Asynchronous, as over Redis: a publisher never re-enters its own handler.
    queueMicrotask(() => this.handler(message));
  }

  listen(handler: (message: BusMessage) => void): void {
    this.handler = handler;
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {}
}

export class RedisBus implements RealtimeBus {
  readonly shared = true;
  /** Its two connections; ioredis is loaded here, so a process without Redis never loads it. */
  private readonly clients: Promise<{ pub: Redis; sub: Redis }>;
  private handler: (message: BusMessage) => void = () => {};
  private readonly ready: Promise<unknown>;

  constructor(
    url: string,
    private readonly channel: string,
    private readonly onError: (error: Error) => void = () => {},
  ) {
    this.clients = import('ioredis').then(({ Redis }) => {
      const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
      const sub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
      pub.on('error', onError);
      sub.on('error', onError);
      sub.on('message', (channel: string, text: string) => {
        if (channel !== this.channel) return;
        let message: BusMessage;
        try {
          message = JSON.parse(text) as BusMessage;
        } catch (err) {
          this.onError(err as Error);
          return;
        }
        this.handler(message);
      });
      return { pub, sub };
    });
    this.ready = this.clients.then(({ sub }) => sub.subscribe(this.channel));
    // Closed before the subscription was made (a short-lived context): not an unhandled rejection.
    this.ready.catch(() => {});
  }

  /** Resolves once this process listens, so nothing published after it is missed. */
  whenReady(): Promise<unknown> {
    return this.ready;
  }

  async publish(message: BusMessage): Promise<void> {
    const { pub } = await this.clients;
    await this.ready;
    await pub.publish(this.channel, JSON.stringify(message));
  }

  listen(handler: (message: BusMessage) => void): void {
    this.handler = handler;
  }

  async ping(): Promise<void> {
    const { pub } = await this.clients;
    await this.ready;
    await pub.ping();
  }

  async close(): Promise<void> {
    const { pub, sub } = await this.clients;
    sub.disconnect();
    pub.disconnect();
  }
}
