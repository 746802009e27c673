/**
 * Realtime for the backend: the Pusher-protocol WebSocket endpoint `/app/{key}` and the hub behind
 * it. `REDIS_URL` makes the hub of every process share one Redis channel (server/realtime/bus.ts).
 */
import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { Config } from '../config';
import { LocalBus, RedisBus } from './bus';
import { RealtimeHub } from './hub';
import { CLOSE, frame } from './protocol';

export { RealtimeHub } from './hub';

export function createRealtimeHub(config: Pick<Config, 'realtime' | 'redisUrl'>): RealtimeHub {
  const log = (message: string, error?: unknown) => console.error(`${message}: ${String(error)}`);
  const bus = config.redisUrl
    ? new RedisBus(config.redisUrl, config.realtime.redisChannel, (err) => log('realtime bus', err))
    : new LocalBus();
  return new RealtimeHub(config.realtime, bus, { log });
}

/** Protocol versions pusher-js 7–8 and the official SDKs speak. */
const SUPPORTED_PROTOCOLS = new Set(['5', '6', '7']);

export async function realtimeSocketRoutes(app: FastifyInstance, hub: RealtimeHub): Promise<void> {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  app.get<{ Params: { key: string }; Querystring: { protocol?: string } }>(
    '/app/:key',
    { websocket: true },
    (socket, request) => {
      const fail = (code: number, message: string) => {
        socket.send(frame('pusher:error', { code, message }));
        socket.close(code, message);
      };
      if (request.params.key !== hub.key) return fail(CLOSE.applicationDoesNotExist, 'Application does not exist');
      const protocol = request.query.protocol;
      if (protocol !== undefined && !SUPPORTED_PROTOCOLS.has(protocol))
        return fail(CLOSE.unsupportedProtocol, 'Unsupported protocol version');
      hub.connect(socket);
    },
  );
}
