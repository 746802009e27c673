/**
 * Live updates of a list (document 2, sections 4 and 9), without React: one controller per list
 * screen that follows the installation ids on screen over a realtime connection.
 *
 * - It subscribes when the page is online, the connection is up and rows exist, and subscribes again
 *   `resubscribeDelayMs` (2 s) after each fetch of the list.
 * - It unsubscribes `unsubscribeHiddenMs` (30 s) after the tab is hidden and subscribes again when
 *   the tab is visible.
 * - The status is 'connecting' from the start (and after the connection dropped or the browser came
 *   back online) while the transport is still trying, 'connected' as soon as the transport says so
 *   (its state events, not the next check), and 'offline' once the transport gave up, the browser
 *   is offline or `connectionTimeoutMs` (5 s) passed without a connection.
 * - The connection state is also checked every `connectionCheckMs` (5 s); a connection that is not
 *   up after `connectionTimeoutMs` reports 'Pusher failed to gain a connection' once. With
 *   `connectionTimeoutMs: null` (a hub inside the browser, the demo's: no network between the two)
 *   there is no time-out: the status stays 'connecting' until the transport connects or gives up.
 * - A failed fetch of the list stops live updates until the next successful one.
 * - Subscribe and unsubscribe failures are only logged.
 *
 * The transport (pusher-js, see ./pusherTransport.ts) and the two API calls are injected, so the
 * rules are tested with fake timers and the same code runs against this backend or hosted Pusher.
 */
import { LIVE_UPDATES, REALTIME_CONNECTION_FAILED } from '../../common/realtime';

export type LiveStatus = 'connecting' | 'connected' | 'offline';

export interface LiveTransport {
  /** Opens the connection (idempotent). */
  connect(): void;
  disconnect(): void;
  /** Connected and on the user's own channel: updates can arrive and the socket may follow rows. */
  isConnected(): boolean;
  /** Not connected yet but still trying (connecting, or joining the user's channel). */
  isConnecting(): boolean;
  socketId(): string | undefined;
  /** Calls back whenever the connection or channel state changes; returns the unbind function. */
  onStateChange(handler: () => void): () => void;
  /** Calls back with the changed ids on the user's own channel; returns the unbind function. */
  onInstallationsUpdated(handler: (ids: number[]) => void): () => void;
}

export interface LiveApi {
  subscribe(socketId: string, ids: number[]): Promise<unknown>;
  unsubscribe(socketId: string): Promise<unknown>;
}

export interface LiveOptions {
  /** Rows on screen changed live: refetch them. */
  onUpdate(ids: number[]): void;
  onStatus?(status: LiveStatus): void;
  /** A user-facing problem (the connection failure message). */
  onError?(message: string): void;
  log?(message: string, error?: unknown): void;
  timings?: Partial<LiveTimings>;
}

/** LIVE_UPDATES's timings; `connectionTimeoutMs: null` is no time-out. */
export type LiveTimings = {
  [K in keyof typeof LIVE_UPDATES]: K extends 'connectionTimeoutMs' ? number | null : number;
};

export class LiveUpdates {
  private ids: number[] = [];
  private visible = true;
  private online = true;
  private stopped = false;
  private subscribedOn: string | null = null;
  private status: LiveStatus = 'connecting';
  private failureReported = false;
  private connectingSince: number | null = null;
  private resubscribeTimer: ReturnType<typeof setTimeout> | undefined;
  private hiddenTimer: ReturnType<typeof setTimeout> | undefined;
  /** Checks again when the connection time-out of the current attempt ends. */
  private timeoutTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly checkTimer: ReturnType<typeof setInterval>;
  private readonly unbind: () => void;
  private readonly unbindState: () => void;
  private readonly t: LiveTimings;

  constructor(
    private readonly transport: LiveTransport,
    private readonly api: LiveApi,
    private readonly opts: LiveOptions,
  ) {
    this.t = { ...LIVE_UPDATES, ...opts.timings };
    this.unbind = transport.onInstallationsUpdated((ids) => {
      const shown = new Set(this.ids);
      const changed = ids.filter((id) => shown.has(id));
      if (changed.length && !this.stopped) this.opts.onUpdate(changed);
    });
    this.unbindState = transport.onStateChange(() => this.check());
    this.startConnecting();
    this.opts.onStatus?.(this.status);
    transport.connect();
    this.checkTimer = setInterval(() => this.check(), this.t.connectionCheckMs);
  }

  /** After each successful fetch: the ids on screen; subscribes again after the delay. */
  rowsFetched(ids: number[]): void {
    this.ids = [...new Set(ids)];
    this.stopped = false;
    clearTimeout(this.resubscribeTimer);
    this.resubscribeTimer = setTimeout(() => void this.subscribe(), this.t.resubscribeDelayMs);
  }

  /** A failed fetch stops live updates until the next successful one. */
  fetchFailed(): void {
    this.stopped = true;
    clearTimeout(this.resubscribeTimer);
    void this.unsubscribe();
  }

  setVisible(visible: boolean): void {
    if (visible === this.visible) return;
    this.visible = visible;
    clearTimeout(this.hiddenTimer);
    if (visible) void this.subscribe();
    else this.hiddenTimer = setTimeout(() => void this.unsubscribe(), this.t.unsubscribeHiddenMs);
  }

  setOnline(online: boolean): void {
    this.online = online;
    if (online) {
      this.startConnecting();
      this.transport.connect();
      this.check();
    } else this.setStatus('offline');
  }

  get liveStatus(): LiveStatus {
    return this.status;
  }

  dispose(): void {
    clearInterval(this.checkTimer);
    clearTimeout(this.resubscribeTimer);
    clearTimeout(this.hiddenTimer);
    clearTimeout(this.timeoutTimer);
    this.unbind();
    this.unbindState();
    void this.unsubscribe();
    this.transport.disconnect();
  }

  /** On every state event of the transport and every `connectionCheckMs`. */
  private check(): void {
    const connected = this.online && this.transport.isConnected();
    if (connected) {
      this.setStatus('connected');
      this.connectingSince = null;
      clearTimeout(this.timeoutTimer);
      if (this.subscribedOn !== this.transport.socketId()) void this.subscribe();
      return;
    }
    this.subscribedOn = null;
    const since = this.connectingSince ?? this.startConnecting();
    const timeout = this.t.connectionTimeoutMs;
    const timedOut = timeout !== null && Date.now() - since >= timeout;
    this.setStatus(this.online && !timedOut && this.transport.isConnecting() ? 'connecting' : 'offline');
    if (!this.failureReported && this.online && timedOut) {
      this.failureReported = true;
      this.opts.onError?.(REALTIME_CONNECTION_FAILED);
    }
  }

  /** A connection attempt starts: 'connecting' until it succeeds or its time-out ends. */
  private startConnecting(): number {
    this.connectingSince = Date.now();
    clearTimeout(this.timeoutTimer);
    const timeout = this.t.connectionTimeoutMs;
    if (timeout !== null) this.timeoutTimer = setTimeout(() => this.check(), timeout);
    return this.connectingSince;
  }

  private setStatus(status: LiveStatus) {
    if (status === this.status) return;
    this.status = status;
    this.opts.onStatus?.(status);
  }

  private async subscribe(): Promise<void> {
    const socketId = this.transport.socketId();
    if (this.stopped || !this.visible || !this.online || !socketId || !this.transport.isConnected()) return;
    if (this.ids.length === 0) return void this.unsubscribe();
    this.setStatus('connected');
    this.failureReported = false;
    try {
      await this.api.subscribe(socketId, this.ids);
      this.subscribedOn = socketId;
    } catch (err) {
      this.opts.log?.('live updates: subscribe failed', err);
    }
  }

  private async unsubscribe(): Promise<void> {
    const socketId = this.subscribedOn;
    if (!socketId) return;
    this.subscribedOn = null;
    try {
      await this.api.unsubscribe(socketId);
    } catch (err) {
      this.opts.log?.('live updates: unsubscribe failed', err);
    }
  }
}
