/**
 * The realtime transport of live updates over pusher-js (loaded on first use, so the entry bundle
 * does not carry it). It joins the signed-in user's presence channel and reports
 * `installations-updated` events. The same code talks to this backend's Pusher-protocol server or to
 * hosted Pusher: the key, host and port come from /config.json; channel auth goes through the
 * injected `authorize` (the backend's POST /realtime/auth with the current bearer token, so a
 * refreshed token is used, not a stale static header).
 *
 * It counts as connected once pusher-js is connected AND the user's channel is joined (only then do
 * updates arrive, and may the socket follow installations), and reports every change of either
 * (pusher-js `state_change`, the channel's subscription events) as it happens.
 */
import { INSTALLATIONS_UPDATED_EVENT, LIVE_UPDATES, userChannel } from '../../common/realtime';
import type { LiveTransport } from './liveUpdates';

export interface PusherSettings {
  key: string;
  /** Defaults to the console's own host and port (this backend serves /app/{key}). */
  host?: string;
  port?: number;
  forceTLS?: boolean;
}

export type ChannelAuthorizer = (socketId: string, channel: string) => Promise<{ auth: string; channel_data?: string }>;

type PusherClient = InstanceType<(typeof import('pusher-js'))['default']>;
type PusherChannel = ReturnType<PusherClient['subscribe']>;

export function pusherTransport(settings: PusherSettings, userId: number, authorize: ChannelAuthorizer): LiveTransport {
  let client: PusherClient | undefined;
  let channel: PusherChannel | undefined;
  let loading: Promise<void> | undefined;
  let closed = false;
  /** The channel refused this connection (authorisation failed): not trying any more until it reconnects. */
  let refused = false;
  const handlers = new Set<(ids: number[]) => void>();
  const stateHandlers = new Set<() => void>();
  const changed = () => {
    for (const h of stateHandlers) h();
  };

  function load(): Promise<void> {
    loading ??= import('pusher-js').then(({ default: Pusher }) => {
      if (closed) return;
      const tls = settings.forceTLS ?? window.location.protocol === 'https:';
      const port = settings.port ?? (Number(window.location.port) || (tls ? 443 : 80));
      client = new Pusher(settings.key, {
        cluster: 'local', // pusher-js requires one; wsHost overrides it
        wsHost: settings.host ?? window.location.hostname,
        wsPort: port,
        wssPort: port,
        forceTLS: tls,
        enabledTransports: ['ws', 'wss'],
        disableStats: true,
        activityTimeout: 120_000,
        pongTimeout: LIVE_UPDATES.connectionTimeoutMs,
        channelAuthorization: {
          endpoint: '',
          transport: 'ajax',
          customHandler: ({ socketId, channelName }, callback) => {
            authorize(socketId, channelName).then(
              (data) => callback(null, data),
              (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), null),
            );
          },
        },
      });
      client.connection.bind('state_change', ({ current }: { current: string }) => {
        if (current !== 'connected') refused = false;
        changed();
      });
      channel = client.subscribe(userChannel(userId));
      channel.bind('pusher:subscription_succeeded', () => {
        refused = false;
        changed();
      });
      channel.bind('pusher:subscription_error', () => {
        refused = true;
        changed();
      });
      channel.bind(INSTALLATIONS_UPDATED_EVENT, (data: { ids?: unknown }) => {
        const ids = Array.isArray(data?.ids) ? data.ids.filter((id): id is number => typeof id === 'number') : [];
        if (ids.length) for (const h of handlers) h(ids);
      });
    });
    return loading;
  }

  return {
    connect() {
      closed = false;
      void load().then(() => client?.connect());
    },
    disconnect() {
      closed = true;
      client?.disconnect();
    },
    isConnected: () => client?.connection.state === 'connected' && channel?.subscribed === true,
    isConnecting() {
      if (closed) return false;
      if (!client) return true; // pusher-js is still loading
      const state = client.connection.state;
      if (state === 'initialized' || state === 'connecting') return true;
      return state === 'connected' && !channel?.subscribed && !refused;
    },
    socketId: () => client?.connection.socket_id || undefined,
    onStateChange(handler) {
      stateHandlers.add(handler);
      return () => stateHandlers.delete(handler);
    },
    onInstallationsUpdated(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
  };
}
