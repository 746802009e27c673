/**
 * API tokens: personal (API Manager, use_tokens) and integration tokens seen by admins
 * (admin_view_tokens). A token is a bearer credential for every service, stored as a hash,
 * shown once, and never carries more than its creator holds (common/permissions.ts, ungrantable —
 * the rule roles and role assignments follow too). A token made with a token expires no later than
 * that token: the chosen lifetime is capped, not refused, since the lifetimes are fixed steps and a
 * token with less than an hour left could otherwise make none at all; the answer's expiresAt and the
 * audit message say so.
 */
import { z } from 'zod';
import { idParams } from '../../http/schemas';
import { and, desc, eq } from 'drizzle-orm';
import { TOKEN_EXPIRY_OPTIONS } from '../../../common/domain';
import { isKnownPermission, ungrantable } from '../../../common/permissions';
import { MESSAGES, NAME_LIMITS } from '../../../common/validation';
import { audit } from '../../audit';
import { randomSecret, sha256 } from '../../auth/password';
import { API_TOKEN_PREFIX } from '../../auth/sessions';
import { apiTokens, staffUsers } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { idempotent } from '../../idempotency';
import type { ServiceRoutes } from '../../http/service';

const tokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  permissions: z.array(z.string()),
  expiresAt: z.date(),
  active: z.boolean(),
  createdAt: z.date(),
  lastUsedAt: z.date().nullable(),
  ownerId: z.number(),
  ownerName: z.string(),
});

const columns = {
  id: apiTokens.id,
  name: apiTokens.name,
  permissions: apiTokens.permissions,
  expiresAt: apiTokens.expiresAt,
  active: apiTokens.active,
  createdAt: apiTokens.createdAt,
  lastUsedAt: apiTokens.lastUsedAt,
  ownerId: apiTokens.userId,
  ownerName: staffUsers.name,
};

const EXPIRY_MS = TOKEN_EXPIRY_OPTIONS.map((o) => o.ms) as number[];

export const integrationRoutes: ServiceRoutes = (app, { db }) => {
  app.get(
    '/integrations',
    {
      config: { permission: ['use_tokens', 'admin_view_tokens'] },
      schema: {
        summary: "The caller's tokens, or every token with all=true (admin_view_tokens)",
        tags: ['tokens'],
        querystring: z.object({ all: z.enum(['true', 'false']).default('false') }),
        response: {
          200: z.object({
            data: z.object({ integrations: z.array(tokenSchema) }),
            meta: z.object({ totalCount: z.number() }),
          }),
        },
      },
    },
    async (request) => {
      const all = request.query.all === 'true';
      const p = request.principal;
      if (all && !p.permissions.can('admin_view_tokens'))
        throw forbidden('You need the admin_view_tokens permission to do this');
      if (!all && !p.permissions.can('use_tokens')) throw forbidden('You need the use_tokens permission to do this');
      const rows = await db
        .select(columns)
        .from(apiTokens)
        .innerJoin(staffUsers, eq(staffUsers.id, apiTokens.userId))
        .where(all ? undefined : eq(apiTokens.userId, p.user.id))
        .orderBy(desc(apiTokens.id));
      return { data: { integrations: rows }, meta: { totalCount: rows.length } };
    },
  );

  app.get(
    '/integrations/permissions',
    {
      config: { permission: ['use_tokens', 'admin_use_tokens'] },
      schema: {
        summary: 'Permissions the caller may put into a token (those they hold)',
        tags: ['tokens'],
        response: { 200: z.object({ data: z.array(z.string()) }) },
      },
    },
    async (request) => ({ data: request.principal.permissions.list }),
  );

  app.post(
    '/integrations',
    {
      config: { permission: ['use_tokens', 'admin_use_tokens'] },
      ...idempotent(db),
      schema: {
        summary: 'Create a token; the secret is returned once',
        description:
          'An `Idempotency-Key` header (a new value per attempt) makes a retry replay the first answer for 24 hours instead of creating a second token. 403: permissions you do not hold. Made with an API token, the new token expires no later than that token (`time` is capped; see `expiresAt`).',
        tags: ['tokens'],
        body: z.object({
          name: z
            .string()
            .trim()
            .min(1, 'Token name is required')
            .max(NAME_LIMITS.token, MESSAGES.shorter(NAME_LIMITS.token + 1).en),
          permissions: z.array(z.string()).max(500),
          time: z
            .number()
            .refine((t) => EXPIRY_MS.includes(t), `time must be one of ${EXPIRY_MS.join(', ')} (milliseconds)`),
        }),
        response: { 201: tokenSchema.extend({ token: z.string() }) },
      },
    },
    async (request, reply) => {
      const { name, permissions, time } = request.body;
      const p = request.principal;
      const unknown = permissions.filter((n) => !isKnownPermission(n));
      if (unknown.length) throw badRequest(`Unknown permissions: ${unknown.join(', ')}`);
      const beyond = ungrantable(p.permissions, permissions);
      if (beyond.length) throw forbidden(`You cannot grant permissions you do not hold: ${beyond.join(', ')}`);
      const secret = `${API_TOKEN_PREFIX}${randomSecret(32)}`;
      const normalised = [...new Set(permissions.map((n) => n.toLowerCase()))];
      const created = await db.transaction(async (tx) => {
        const now = Date.now();
        let expiresAt = now + time;
        let capped = '';
        if (p.tokenId !== null) {
          const [parent] = await tx
            .select({ name: apiTokens.name, expiresAt: apiTokens.expiresAt })
            .from(apiTokens)
            .where(eq(apiTokens.id, p.tokenId));
          if (parent && parent.expiresAt.getTime() < expiresAt) {
            expiresAt = parent.expiresAt.getTime();
            capped = `, capped at the expiry of token "${parent.name}" that created it`;
          }
        }
        const [row] = await tx
          .insert(apiTokens)
          .values({
            userId: p.user.id,
            name,
            permissions: normalised,
            tokenHash: sha256(secret),
            expiresAt: new Date(expiresAt),
          })
          .returning({ id: apiTokens.id });
        const count = `${normalised.length} permission${normalised.length === 1 ? '' : 's'}`;
        await audit(
          tx,
          p.actor,
          'TokenCreated',
          `Token "${name}" created with ${count}, expires in ${Math.round((expiresAt - now) / 3.6e6)} h${capped}`,
        );
        const [full] = await tx
          .select(columns)
          .from(apiTokens)
          .innerJoin(staffUsers, eq(staffUsers.id, apiTokens.userId))
          .where(eq(apiTokens.id, row!.id));
        return full!;
      });
      return reply.status(201).send({ ...created, token: secret });
    },
  );

  app.delete(
    '/integrations/:id',
    {
      config: { permission: ['use_tokens', 'admin_deactivate_tokens'] },
      schema: {
        summary: 'Revoke (deactivate) a token',
        tags: ['tokens'],
        params: idParams,
        response: { 200: tokenSchema },
      },
    },
    async (request) => {
      const p = request.principal;
      return db.transaction(async (tx) => {
        const [token] = await tx
          .select(columns)
          .from(apiTokens)
          .innerJoin(staffUsers, eq(staffUsers.id, apiTokens.userId))
          .where(eq(apiTokens.id, request.params.id));
        if (!token) throw notFound(`Token ${request.params.id} does not exist`);
        const own = token.ownerId === p.user.id;
        if (!(own && p.permissions.can('use_tokens')) && !p.permissions.can('admin_deactivate_tokens'))
          throw own
            ? forbidden('You need the use_tokens permission to do this')
            : forbidden('You need the admin_deactivate_tokens permission to do this');
        if (!token.active) throw conflict('Token is already inactive');
        await tx
          .update(apiTokens)
          .set({ active: false, revokedAt: new Date() })
          .where(and(eq(apiTokens.id, token.id)));
        await audit(tx, p.actor, 'TokenRevoked', `Token "${token.name}" of ${token.ownerName} revoked`);
        return { ...token, active: false };
      });
    },
  );
};
