/** Sessions: password and third-party sign-in, refresh (`/me`) and logout. */
import { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import { loginPassword, loginUsername } from '../../../common/validation';
import { DEFAULT_ROLE } from '../../../common/permissions';
import { audit } from '../../audit';
import { verifyPassword } from '../../auth/password';
import { describeWait, type ThrottleScope } from '../../auth/throttle';
import { OidcError } from '../../auth/oidc';
import { roles, staffUsers } from '../../db/schema';
import { HttpError, badRequest, unauthorized } from '../../http/errors';
import type { ServiceRoutes } from '../../http/service';

const sessionUser = z.object({
  id: z.number(),
  name: z.string(),
  displayName: z.string().nullable(),
  avatar: z.string().nullable(),
  role: z.string(),
  permissions: z.array(z.string()),
});
export const loginResponse = z.object({
  user: sessionUser,
  tokens: z.object({ accessToken: z.string(), refreshToken: z.string() }),
});

function bearer(header: string | undefined): string {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!match) throw unauthorized('The refresh token is not set');
  return match[1]!;
}

function parseBasic(header: string | undefined): { username: string; password: string } {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match) throw unauthorized('Basic authentication required');
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw badRequest('Malformed Basic authentication header');
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** A username for a first third-party sign-in: the e-mail's local part, made unique. */
async function freeUsername(db: Parameters<ServiceRoutes>[1]['db'], email: string): Promise<string> {
  const base = email.split('@')[0]!.replace(/[^A-Za-z0-9_.-]/g, '') || 'user';
  for (let i = 0; ; i++) {
    const candidate = i === 0 ? base : `${base}${i + 1}`;
    const [taken] = await db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(sql`lower(${staffUsers.name}) = lower(${candidate})`);
    if (!taken) return candidate;
  }
}

export const sessionRoutes: ServiceRoutes = (app, ctx) => {
  const { db, sessions } = ctx;
  const limits = ctx.loginThrottle.limits;

  /** One audit record when a limit starts refusing sign-ins (not one per refused attempt). */
  async function auditThrottled(scope: ThrottleScope, username: string, address: string, retryAfterSec: number) {
    const target = scope === 'user' ? await sessions.findUserByName(db, username) : undefined;
    const message =
      scope === 'user'
        ? `Password sign-in for ${username} refused for ${describeWait(retryAfterSec)} after ${limits.maxFailuresPerUser} failed attempts`
        : `Password sign-in from ${address} refused for ${describeWait(retryAfterSec)} after ${limits.maxFailuresPerAddress} failed attempts`;
    await audit(
      db,
      { userId: target?.id ?? null, userName: target?.name ?? null, source: 'Console' },
      'LoginThrottled',
      message,
    );
  }

  app.get(
    '/login/basic',
    {
      config: { public: true },
      schema: {
        summary: 'Password login with HTTP Basic authentication',
        tags: ['session'],
        security: [{ basic: [] }],
        response: { 200: loginResponse },
      },
    },
    async (request, reply) => {
      const { username, password } = parseBasic(request.headers.authorization);
      const invalid = loginUsername(username) ?? loginPassword(password);
      if (invalid) throw badRequest(invalid.en);
      const verdict = await ctx.loginThrottle.attempt(username, request.ip);
      for (const scope of verdict.newlyBlocked)
        await auditThrottled(scope, username, request.ip, verdict.retryAfterSec);
      if (verdict.retryAfterSec > 0) {
        void reply.header('retry-after', String(verdict.retryAfterSec));
        throw new HttpError(
          429,
          `Too many failed sign-in attempts. Try again in ${describeWait(verdict.retryAfterSec)}.`,
        );
      }
      let user: Awaited<ReturnType<typeof sessions.findUserByName>>;
      try {
        user = await sessions.findUserByName(db, username);
        // Unknown users are checked against a dummy hash: the same work, so timing does not reveal them.
        const valid = await verifyPassword(password, user?.passwordHash);
        if (!user || !valid) throw unauthorized('Invalid username or password');
        await ctx.loginThrottle.succeeded(username, request.ip);
      } finally {
        // No longer in flight: attempts waiting on this username's budget see its outcome.
        await ctx.loginThrottle.finished(username);
      }
      if (!user.enabled) throw new HttpError(403, 'This account is disabled');
      return db.transaction(async (tx) => {
        const result = await sessions.startSession(tx, user.id, request.headers['user-agent']);
        await audit(
          tx,
          { userId: user.id, userName: user.name, source: 'Console' },
          'UserLoggedIn',
          `${user.name} signed in with a password`,
        );
        return result;
      });
    },
  );

  app.get(
    '/login/google/authorize',
    {
      config: { public: true },
      schema: {
        summary: 'The sign-in provider URL the console opens in its popup',
        tags: ['session'],
        security: [],
        querystring: z.object({ redirect_uri: z.string().url(), state: z.string().min(8).max(200) }),
        response: { 200: z.object({ url: z.string() }) },
      },
    },
    async (request) => {
      try {
        return {
          url: await ctx.oidc.authorizationUrl({ redirectUri: request.query.redirect_uri, state: request.query.state }),
        };
      } catch (err) {
        if (err instanceof OidcError) throw new HttpError(err.status, err.message);
        throw err;
      }
    },
  );

  app.post(
    '/login/google',
    {
      config: { public: true },
      schema: {
        summary: 'Third-party (OpenID Connect) sign-in: exchange an authorization code',
        tags: ['session'],
        security: [],
        body: z.object({ code: z.string().min(1), redirect_uri: z.string().url() }),
        response: { 200: loginResponse },
      },
    },
    async (request) => {
      let identity;
      try {
        identity = await ctx.oidc.exchangeCode({ code: request.body.code, redirectUri: request.body.redirect_uri });
      } catch (err) {
        if (err instanceof OidcError) throw new HttpError(err.status, err.message);
        throw err;
      }
      return db.transaction(async (tx) => {
        let [user] = await tx
          .select({ id: staffUsers.id, name: staffUsers.name })
          .from(staffUsers)
          .where(
            sql`${staffUsers.oidcSubject} = ${identity.subject} or lower(${staffUsers.email}) = lower(${identity.email})`,
          )
          .limit(1);
        if (!user) {
          const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, DEFAULT_ROLE));
          if (!role) throw new HttpError(500, 'The default role is missing');
          [user] = await tx
            .insert(staffUsers)
            .values({
              name: await freeUsername(tx as never, identity.email),
              email: identity.email,
              displayName: identity.name,
              avatar: identity.picture,
              oidcSubject: identity.subject,
              roleId: role.id,
            })
            .returning({ id: staffUsers.id, name: staffUsers.name });
          await audit(
            tx,
            { userId: user!.id, userName: user!.name, source: 'Sign-in' },
            'UserCreated',
            `${identity.email} signed in for the first time and was given the default role`,
          );
        } else {
          await tx
            .update(staffUsers)
            .set({ oidcSubject: identity.subject, email: identity.email, avatar: identity.picture })
            .where(eq(staffUsers.id, user.id));
        }
        const result = await sessions.startSession(tx, user!.id, request.headers['user-agent']);
        await audit(
          tx,
          { userId: user!.id, userName: user!.name, source: 'Sign-in' },
          'UserLoggedIn',
          `${user!.name} signed in with ${identity.email}`,
        );
        return result;
      });
    },
  );

  app.get(
    '/me',
    {
      config: { public: true },
      schema: {
        summary: 'Refresh the session: the refresh token is the bearer; returns a new token pair',
        tags: ['session'],
        response: { 200: loginResponse },
      },
    },
    async (request) => sessions.refresh(bearer(request.headers.authorization)),
  );

  app.post(
    '/logout',
    {
      config: { public: true },
      schema: {
        summary: 'End the session of the bearer refresh token',
        tags: ['session'],
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const token = bearer(request.headers.authorization);
      await db.transaction(async (tx) => {
        const userId = await sessions.logout(tx, token);
        if (userId !== null) {
          const user = await sessions.findUser(tx, userId);
          await audit(
            tx,
            { userId, userName: user?.name ?? null, source: 'Console' },
            'UserLoggedOut',
            `${user?.name ?? userId} signed out`,
          );
        }
      });
      return reply.status(204).send(null);
    },
  );
};
