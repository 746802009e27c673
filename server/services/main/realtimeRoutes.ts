/**
 * The HTTP side of live updates (document 2, section 7):
 * - `POST /realtime/auth` signs a private or presence channel subscription for pusher-js (form or
 *   JSON body `socket_id`, `channel_name`); a staff user may join only their own user channel;
 * - `POST /pusher/subscribe/{socketId}` with the installation ids on screen, and
 *   `POST /pusher/unsubscribe/{socketId}`: which installations that socket follows. Only the user
 *   whose own channel the socket joined may change that; any other socket id is 403, also one that
 *   joined no user channel yet or does not exist: nothing proves it is the caller's, and one answer
 *   for all of them tells nobody which socket ids are live (server/realtime/hub.ts).
 */
import { z } from 'zod';
import { MAX_FOLLOWED_INSTALLATIONS, userChannel } from '../../../common/realtime';
import { forbidden } from '../../http/errors';
import { dbId } from '../../http/schemas';
import type { ServiceRoutes } from '../../http/service';
import { CHANNEL_NAME, SOCKET_ID, channelKind, signChannel } from '../../realtime/protocol';

const socketIdSchema = z.string().regex(SOCKET_ID, 'socket_id must look like 1234.5678');
const authBody = z.object({
  socket_id: socketIdSchema,
  channel_name: z.string().regex(CHANNEL_NAME, 'channel_name is not a valid channel name'),
});
const socketParams = z.object({ socketId: socketIdSchema });
const idsBody = z
  .array(dbId)
  .max(MAX_FOLLOWED_INSTALLATIONS, `At most ${MAX_FOLLOWED_INSTALLATIONS} installations can be followed`)
  .describe('Installation ids shown on screen');
const okSchema = z.object({ status: z.literal('ok') });
const NOT_YOURS = 'This realtime socket has not joined your user channel';

export const realtimeRoutes: ServiceRoutes = (app, ctx) => {
  // pusher-js posts its auth request as a form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.post(
    '/realtime/auth',
    {
      schema: {
        summary: 'Sign a realtime channel subscription',
        body: authBody,
        response: { 200: z.object({ auth: z.string(), channel_data: z.string().optional() }) },
      },
    },
    async (request) => {
      const { socket_id: socketId, channel_name: channel } = request.body;
      const { user } = request.principal;
      const kind = channelKind(channel);
      if (kind === 'public') return { auth: '' };
      if (channel !== userChannel(user.id) && channel !== `private-user-${user.id}`)
        throw forbidden('You may join only your own user channel');
      const app = ctx.config.realtime;
      if (kind === 'private') return { auth: signChannel(app, socketId, channel) };
      const channelData = JSON.stringify({
        user_id: String(user.id),
        user_info: { name: user.name, displayName: user.displayName },
      });
      return { auth: signChannel(app, socketId, channel, channelData), channel_data: channelData };
    },
  );

  app.post(
    '/pusher/subscribe/:socketId',
    {
      config: { permission: 'view_installations' },
      schema: {
        summary: 'Follow live updates of these installations on one realtime socket',
        params: socketParams,
        body: idsBody,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      if (!(await ctx.realtime.follow(request.params.socketId, request.principal.user.id, request.body)))
        throw forbidden(NOT_YOURS);
      return { status: 'ok' as const };
    },
  );

  app.post(
    '/pusher/unsubscribe/:socketId',
    {
      config: { permission: 'view_installations' },
      schema: {
        summary: 'Stop live updates on one realtime socket',
        params: socketParams,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      if (!(await ctx.realtime.follow(request.params.socketId, request.principal.user.id, [])))
        throw forbidden(NOT_YOURS);
      return { status: 'ok' as const };
    },
  );
};
