/**
 * The parts of Pusher protocol 7 that are pure: channel kinds, names, socket ids, channel
 * authentication signatures and the frames the server sends. Used by the WebSocket server
 * (server/realtime/hub.ts), the auth endpoint and the tests; pusher-js and the official `pusher`
 * SDK speak the same frames, so hosted Pusher and this server are interchangeable by configuration.
 *
 *   private auth   `${key}:${HMAC-SHA256(secret, `${socketId}:${channel}`)}`
 *   presence auth  `${key}:${HMAC-SHA256(secret, `${socketId}:${channel}:${channelData}`)}`
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const PROTOCOL_VERSION = 7;
/** Seconds of silence after which either side pings (sent in `pusher:connection_established`). */
export const ACTIVITY_TIMEOUT_S = 120;
/** Seconds the server waits for any frame after its own ping before closing the socket. */
export const PONG_TIMEOUT_S = 30;
/** Pusher's own limits: channel names up to 164 characters of this alphabet, events up to 10 kB. */
export const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,164}$/;
export const MAX_FRAME_BYTES = 10_240;
/** `<digits>.<digits>`, as pusher-js sends it back to the auth endpoint. */
export const SOCKET_ID = /^\d{1,16}\.\d{1,16}$/;

/** Close and error codes of the protocol (4000–4099: do not reconnect; 4200–4299: reconnect). */
export const CLOSE = {
  applicationDoesNotExist: 4001,
  unsupportedProtocol: 4007,
  overCapacity: 4100,
  /** 4200–4299: the client reconnects at once (pusher-js: 'refused', then a new connection); sent on shutdown. */
  reconnectImmediately: 4200,
  pongNotReceived: 4201,
} as const;

export type ChannelKind = 'public' | 'private' | 'presence';

export function channelKind(channel: string): ChannelKind {
  if (channel.startsWith('presence-')) return 'presence';
  if (channel.startsWith('private-')) return 'private';
  return 'public';
}

export function userIdOfChannel(channel: string): number | null {
  const match = /^(?:presence|private)-user-(\d{1,10})$/.exec(channel);
  return match ? Number(match[1]) : null;
}

function hmac(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

export function signChannel(
  app: { key: string; secret: string },
  socketId: string,
  channel: string,
  channelData?: string,
): string {
  const text = channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
  return `${app.key}:${hmac(app.secret, text)}`;
}

export function verifyChannelAuth(
  app: { key: string; secret: string },
  socketId: string,
  channel: string,
  auth: unknown,
  channelData?: string,
): boolean {
  if (typeof auth !== 'string') return false;
  const expected = Buffer.from(signChannel(app, socketId, channel, channelData));
  const given = Buffer.from(auth);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A member of a presence channel, as carried in `channel_data`. */
export interface PresenceMember {
  user_id: string;
  user_info?: Record<string, unknown>;
}

export function parseChannelData(channelData: unknown): PresenceMember | null {
  if (typeof channelData !== 'string') return null;
  try {
    const parsed = JSON.parse(channelData) as { user_id?: unknown; user_info?: unknown };
    const id = parsed.user_id;
    if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === '') return null;
    const info = parsed.user_info;
    return {
      user_id: String(id),
      ...(info && typeof info === 'object' && !Array.isArray(info)
        ? { user_info: info as Record<string, unknown> }
        : {}),
    };
  } catch {
    return null;
  }
}

/** One frame as sent on the wire: `data` is itself a JSON string, as pusher-js expects. */
export interface Frame {
  event: string;
  channel?: string;
  data?: string;
  user_id?: string;
}

export function frame(event: string, data: unknown, channel?: string, userId?: string): string {
  const out: Frame = { event, data: typeof data === 'string' ? data : JSON.stringify(data ?? {}) };
  if (channel !== undefined) out.channel = channel;
  if (userId !== undefined) out.user_id = userId;
  return JSON.stringify(out);
}

/** A frame from a client: `data` may be an object (subscribe) or anything (client events). */
export interface ClientFrame {
  event: string;
  channel?: string;
  data?: unknown;
}

export function parseClientFrame(text: string): ClientFrame | null {
  try {
    const parsed = JSON.parse(text) as Partial<ClientFrame>;
    if (!parsed || typeof parsed !== 'object' || typeof parsed.event !== 'string') return null;
    if (parsed.channel !== undefined && typeof parsed.channel !== 'string') return null;
    return parsed as ClientFrame;
  } catch {
    return null;
  }
}
