/**
 * The Pusher-protocol server of one backend process: the WebSockets connected to it, their channels
 * and presence members, and the installations each socket follows. Everything that must reach
 * sockets anywhere goes through the bus (server/realtime/bus.ts) and is delivered by the process that
 * holds them.
 *
 * Presence members are tracked per process: a presence channel is `presence-user-<id>`, which only
 * that user may join, so its members are that user's own tabs.
 *
 * What a socket follows may be set only by the user whose own channel (`presence-user-<id>` or
 * `private-user-<id>`) it joined: joining took a signature issued to that user for that socket. The
 * process holding the socket decides; a follow request made to another process travels over the bus
 * and that process answers it there.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { INSTALLATIONS_UPDATED_EVENT, MAX_FOLLOWED_INSTALLATIONS, userChannel } from '../../common/realtime';
import type { BusMessage, RealtimeBus } from './bus';
import {
  ACTIVITY_TIMEOUT_S,
  CHANNEL_NAME,
  CLOSE,
  MAX_FRAME_BYTES,
  PONG_TIMEOUT_S,
  channelKind,
  frame,
  userIdOfChannel,
  parseChannelData,
  parseClientFrame,
  verifyChannelAuth,
  type PresenceMember,
} from './protocol';

export interface RealtimeApp {
  key: string;
  secret: string;
}

export interface HubOptions {
  activityTimeoutS?: number;
  pongTimeoutS?: number;
  /** How often idle sockets are checked (ms). */
  sweepMs?: number;
  /** How long a follow request for a socket held elsewhere waits for the holder's answer (ms). */
  interestAnswerMs?: number;
  log?: (message: string, error?: unknown) => void;
}

interface Connection {
  id: string;
  ws: WebSocket;
  /** Channel → the presence member this socket joined as (null for public and private channels). */
  channels: Map<string, PresenceMember | null>;
  lastSeen: number;
  pingSentAt: number | null;
  /** The installations followed, told on the owner's own channel. */
  follows: { channel: string; ids: Set<number> } | null;
}

const SOCKET_ID_PART = 1_000_000_000;
const INTEREST_ANSWER_MS = 2000;

export class RealtimeHub {
  private readonly connections = new Map<string, Connection>();
  private readonly channels = new Map<string, Set<Connection>>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly activityTimeoutS: number;
  private readonly pongTimeoutS: number;
  private readonly log: (message: string, error?: unknown) => void;
  private readonly interestAnswerMs: number;
  /** This process on the bus: where answers to its follow requests are addressed. */
  private readonly busId = randomUUID();
  /** Follow requests sent over the bus, by request id, awaiting the holder's answer. */
  private readonly pending = new Map<string, (accepted: boolean) => void>();
  private readonly invalidationHandlers: ((cache: string, keys: (string | number)[] | undefined) => void)[] = [];

  constructor(
    private readonly app: RealtimeApp,
    private readonly bus: RealtimeBus,
    opts: HubOptions = {},
  ) {
    this.activityTimeoutS = opts.activityTimeoutS ?? ACTIVITY_TIMEOUT_S;
    this.pongTimeoutS = opts.pongTimeoutS ?? PONG_TIMEOUT_S;
    this.log = opts.log ?? (() => {});
    this.interestAnswerMs = opts.interestAnswerMs ?? INTEREST_ANSWER_MS;
    bus.listen((message) => this.deliver(message));
    this.sweeper = setInterval(() => this.sweep(), opts.sweepMs ?? 10_000);
    this.sweeper.unref();
  }

  get key(): string {
    return this.app.key;
  }

  /** Sockets connected to this process. */
  get size(): number {
    return this.connections.size;
  }

  /** Adopts a freshly upgraded WebSocket. */
  connect(ws: WebSocket): string {
    let id: string;
    do id = `${randomInt(1, SOCKET_ID_PART)}.${randomInt(1, SOCKET_ID_PART)}`;
    while (this.connections.has(id));
    const conn: Connection = { id, ws, channels: new Map(), lastSeen: Date.now(), pingSentAt: null, follows: null };
    this.connections.set(id, conn);
    ws.on('message', (raw, isBinary) => this.receive(conn, isBinary ? null : raw.toString()));
    ws.on('close', () => this.disconnect(conn));
    ws.on('error', (err) => this.log('realtime socket error', err));
    this.send(conn, frame('pusher:connection_established', { socket_id: id, activity_timeout: this.activityTimeoutS }));
    return id;
  }

  /** Sends an event to every socket on these channels, in every process. */
  trigger(channels: string[], event: string, data: unknown, except?: string): Promise<void> {
    const text = typeof data === 'string' ? data : JSON.stringify(data ?? {});
    return this.bus.publish({ type: 'event', channels, event, data: text, ...(except ? { except } : {}) });
  }

  /**
   * Sets the installations one socket follows for `userId` (replaces its previous set; [] stops),
   * wherever the socket is held. Resolves to false, changing nothing, when the socket did not join
   * that user's own channel: another user's socket, one that joined no user channel yet, or one no
   * process holds (no answer within `interestAnswerMs`).
   */
  async follow(socketId: string, userId: number, ids: number[]): Promise<boolean> {
    const followed = ids.slice(0, MAX_FOLLOWED_INSTALLATIONS);
    const conn = this.connections.get(socketId);
    if (conn) return this.applyInterest(conn, userId, followed);
    if (!this.bus.shared) return false;
    const requestId = randomUUID();
    let settle: (accepted: boolean) => void = () => {};
    const answer = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => settle(false), this.interestAnswerMs);
      settle = (accepted) => {
        clearTimeout(timer);
        this.pending.delete(requestId);
        resolve(accepted);
      };
    });
    this.pending.set(requestId, settle);
    try {
      await this.bus.publish({ type: 'interest', socketId, userId, ids: followed, requestId, from: this.busId });
    } catch (err) {
      settle(false);
      throw err;
    }
    return answer;
  }

  /** Tells every socket following any of these installations that they changed. */
  installationsChanged(ids: number[]): Promise<void> {
    if (ids.length === 0) return Promise.resolve();
    return this.bus.publish({ type: 'installations', ids });
  }

  /**
   * Tells every other process that entries of an in-process cache are stale (`keys`; none: all of
   * it). The caller drops its own entries itself, at once; the others drop theirs when the message
   * arrives (with one process, nothing is sent).
   */
  async invalidate(cache: string, keys?: (string | number)[]): Promise<void> {
    if (!this.bus.shared) return;
    await this.bus.publish({ type: 'invalidate', cache, ...(keys ? { keys } : {}), from: this.busId });
  }

  /** Called with what another process said is stale (see invalidate). */
  onInvalidate(handler: (cache: string, keys: (string | number)[] | undefined) => void): void {
    this.invalidationHandlers.push(handler);
  }

  /** Throws when realtime events cannot reach the other processes now (Redis unreachable). */
  async ping(): Promise<void> {
    await this.bus.ping?.();
  }

  /**
   * Closes every socket of this process with the protocol's "reconnect immediately" code (4200), so
   * clients connect again at once (to another process behind the load balancer) instead of backing
   * off as after a lost connection. Used on shutdown, before the server stops.
   */
  closeSockets(reason = 'Server shutting down, reconnect'): number {
    const count = this.connections.size;
    for (const conn of [...this.connections.values()]) {
      conn.ws.close(CLOSE.reconnectImmediately, reason);
      this.disconnect(conn);
    }
    return count;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    for (const settle of [...this.pending.values()]) settle(false);
    this.closeSockets();
    this.channels.clear();
    await this.bus.close();
  }

  // ---- frames from clients ----------------------------------------------------------------------

  private receive(conn: Connection, text: string | null): void {
    conn.lastSeen = Date.now();
    conn.pingSentAt = null;
    if (text === null || Buffer.byteLength(text) > MAX_FRAME_BYTES) {
      this.error(conn, 'Frames must be JSON text of at most 10 kB');
      return;
    }
    const message = parseClientFrame(text);
    if (!message) {
      this.error(conn, 'Frames must be JSON objects with an event name');
      return;
    }
    const data = (message.data ?? {}) as Record<string, unknown>;
    switch (message.event) {
      case 'pusher:ping':
        this.send(conn, frame('pusher:pong', {}));
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        this.subscribe(conn, data);
        return;
      case 'pusher:unsubscribe':
        if (typeof data.channel === 'string') this.unsubscribe(conn, data.channel);
        return;
      default:
        if (message.event.startsWith('client-')) this.clientEvent(conn, message.event, message.channel, message.data);
        else this.error(conn, `Unknown event ${message.event.slice(0, 64)}`);
    }
  }

  private subscribe(conn: Connection, data: Record<string, unknown>): void {
    const channel = data.channel;
    if (typeof channel !== 'string' || !CHANNEL_NAME.test(channel)) {
      this.error(conn, 'Invalid channel name');
      return;
    }
    if (conn.channels.has(channel)) {
      this.send(conn, frame('pusher_internal:subscription_succeeded', this.subscribedData(channel), channel));
      return;
    }
    const kind = channelKind(channel);
    let member: PresenceMember | null = null;
    if (kind !== 'public') {
      const channelData = kind === 'presence' ? data.channel_data : undefined;
      if (kind === 'presence') member = parseChannelData(channelData);
      const signedData = typeof channelData === 'string' ? channelData : undefined;
      if ((kind === 'presence' && !member) || !verifyChannelAuth(this.app, conn.id, channel, data.auth, signedData)) {
        this.send(
          conn,
          frame(
            'pusher:subscription_error',
            { type: 'AuthError', error: `Invalid signature for channel ${channel}`, status: 401 },
            channel,
          ),
        );
        return;
      }
    }
    const isNewMember = member !== null && !this.memberPresent(channel, member.user_id);
    conn.channels.set(channel, member);
    let set = this.channels.get(channel);
    if (!set) this.channels.set(channel, (set = new Set()));
    set.add(conn);
    this.send(conn, frame('pusher_internal:subscription_succeeded', this.subscribedData(channel), channel));
    if (member && isNewMember) this.toChannel(channel, frame('pusher_internal:member_added', member, channel), conn);
  }

  private unsubscribe(conn: Connection, channel: string): void {
    if (!conn.channels.has(channel)) return;
    const member = conn.channels.get(channel) ?? null;
    conn.channels.delete(channel);
    const set = this.channels.get(channel);
    set?.delete(conn);
    if (set && set.size === 0) this.channels.delete(channel);
    if (member && !this.memberPresent(channel, member.user_id))
      this.toChannel(channel, frame('pusher_internal:member_removed', { user_id: member.user_id }, channel));
  }

  private clientEvent(conn: Connection, event: string, channel: string | undefined, data: unknown): void {
    if (!channel || !conn.channels.has(channel) || channelKind(channel) === 'public') {
      this.error(conn, 'Client events need a private or presence channel the socket has joined');
      return;
    }
    const member = conn.channels.get(channel);
    const text = typeof data === 'string' ? data : JSON.stringify(data ?? {});
    // Delivered to every other socket on the channel, in every process.
    void this.bus
      .publish({
        type: 'event',
        channels: [channel],
        event,
        data: text,
        except: conn.id,
        ...(member ? { userId: member.user_id } : {}),
      })
      .catch((err) => this.log('realtime publish failed', err));
  }

  private disconnect(conn: Connection): void {
    if (!this.connections.delete(conn.id)) return;
    for (const channel of [...conn.channels.keys()]) this.unsubscribe(conn, channel);
  }

  // ---- delivery ---------------------------------------------------------------------------------

  private deliver(message: BusMessage): void {
    switch (message.type) {
      case 'event':
        for (const channel of message.channels) {
          const text = frame(message.event, message.data, channel, message.userId);
          for (const conn of this.channels.get(channel) ?? []) if (conn.id !== message.except) this.send(conn, text);
        }
        return;
      case 'interest': {
        const conn = this.connections.get(message.socketId);
        if (!conn) return;
        const accepted = this.applyInterest(conn, message.userId, message.ids);
        const { requestId, from } = message;
        if (requestId && from)
          void this.bus
            .publish({ type: 'interest-answer', requestId, to: from, accepted })
            .catch((err) => this.log('realtime publish failed', err));
        return;
      }
      case 'interest-answer':
        if (message.to === this.busId) this.pending.get(message.requestId)?.(message.accepted);
        return;
      case 'invalidate':
        if (message.from === this.busId) return;
        for (const handler of this.invalidationHandlers) {
          try {
            handler(message.cache, message.keys);
          } catch (err) {
            this.log('cache invalidation failed', err);
          }
        }
        return;
      case 'installations': {
        for (const conn of this.connections.values()) {
          const follows = conn.follows;
          // Only on the follower's own channel, and while the socket is still on it.
          if (!follows || !conn.channels.has(follows.channel)) continue;
          const ids = message.ids.filter((id) => follows.ids.has(id));
          if (ids.length) this.send(conn, frame(INSTALLATIONS_UPDATED_EVENT, { ids }, follows.channel));
        }
        return;
      }
    }
  }

  /** Applies a follow request of `userId` when the socket joined that user's own channel. */
  private applyInterest(conn: Connection, userId: number, ids: number[]): boolean {
    const channel = this.ownChannelOf(conn, userId);
    if (!channel) return false;
    conn.follows = ids.length ? { channel, ids: new Set(ids) } : null;
    return true;
  }

  /** The user's own channel this socket joined (the presence one first), or null. */
  private ownChannelOf(conn: Connection, userId: number): string | null {
    const presence = userChannel(userId);
    if (conn.channels.has(presence)) return presence;
    for (const channel of conn.channels.keys()) if (userIdOfChannel(channel) === userId) return channel;
    return null;
  }

  private toChannel(channel: string, text: string, except?: Connection): void {
    for (const conn of this.channels.get(channel) ?? []) if (conn !== except) this.send(conn, text);
  }

  private send(conn: Connection, text: string): void {
    if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(text);
  }

  private error(conn: Connection, message: string): void {
    this.send(conn, frame('pusher:error', { code: null, message }));
  }

  private memberPresent(channel: string, userId: string): boolean {
    for (const conn of this.channels.get(channel) ?? [])
      if (conn.channels.get(channel)?.user_id === userId) return true;
    return false;
  }

  private subscribedData(channel: string): unknown {
    if (channelKind(channel) !== 'presence') return {};
    const hash: Record<string, unknown> = {};
    for (const conn of this.channels.get(channel) ?? []) {
      const member = conn.channels.get(channel);
      if (member) hash[member.user_id] = member.user_info ?? null;
    }
    const ids = Object.keys(hash);
    return { presence: { ids, hash, count: ids.length } };
  }

  /** Pings sockets silent for the activity timeout; closes those that did not answer in time. */
  private sweep(): void {
    const now = Date.now();
    for (const conn of this.connections.values()) {
      if (conn.pingSentAt !== null) {
        if (now - conn.pingSentAt >= this.pongTimeoutS * 1000) {
          conn.ws.close(CLOSE.pongNotReceived, 'Pong reply not received');
          this.disconnect(conn);
        }
      } else if (now - conn.lastSeen >= this.activityTimeoutS * 1000) {
        conn.pingSentAt = now;
        this.send(conn, frame('pusher:ping', {}));
      }
    }
  }
}
