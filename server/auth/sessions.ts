/**
 * Sessions and credentials: short-lived signed access tokens, rotating refresh tokens stored as
 * hashes (reuse of a rotated one ends the session), and API tokens (integration / personal).
 * The session, the user and the role behind a credential are cached in-process (`ChangeCache`,
 * server/db/changes.ts): every API request that may write ends the cache when it answers, so disabling
 * a user, ending their sessions or changing their role takes effect on the very next request; a
 * change made by another process (several servers on one PostgreSQL) is seen within
 * AUTH_CACHE_TTL_MS.
 */
import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { PermissionSet, canGrant, grantedNames, ADMIN_ROLE, allPermissions } from '../../common/permissions';
import type { Actor } from '../audit';
import type { Db, Executor } from '../db';
import { CHANGE_CACHE_TTL_MS, ChangeCache } from '../db/changes';
import { apiTokens, refreshTokens, roles, sessions, staffUsers } from '../db/schema';
import { HttpError, TOKEN_EXPIRED_MESSAGE, unauthorized } from '../http/errors';
import { randomSecret, sha256 } from './password';

export const API_TOKEN_PREFIX = 'aqt_';
/** How precisely a token's last use is recorded. */
const LAST_USED_RESOLUTION_MS = 60_000;
/** How many verified access tokens are remembered (the oldest is forgotten first). */
const VERIFIED_TOKENS_MAX = 4096;
/** How long another process's change to a session, user, role or token may go unseen here. */
export const AUTH_CACHE_TTL_MS = CHANGE_CACHE_TTL_MS;

export interface SessionUser {
  id: number;
  name: string;
  displayName: string | null;
  avatar: string | null;
  role: string;
  permissions: string[];
}

export interface Principal {
  user: SessionUser;
  permissions: PermissionSet;
  sessionId: string | null;
  tokenId: number | null;
  actor: Actor;
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

export interface LoginResponse {
  user: SessionUser;
  tokens: Tokens;
}

export interface SessionOptions {
  secret: Uint8Array;
  accessTokenTtlSec: number;
  refreshTokenTtlSec: number;
}

/** The role's granted permissions; the admin role always holds the whole catalogue. */
export function rolePermissions(role: { name: string; permissions: Record<string, boolean> }): string[] {
  return role.name.toLowerCase() === ADMIN_ROLE ? allPermissions() : grantedNames(role.permissions);
}

const userColumns = {
  id: staffUsers.id,
  name: staffUsers.name,
  displayName: staffUsers.displayName,
  avatar: staffUsers.avatar,
  enabled: staffUsers.enabled,
  roleName: roles.name,
  rolePermissions: roles.permissions,
};

type UserRow = {
  id: number;
  name: string;
  displayName: string | null;
  avatar: string | null;
  enabled: boolean;
  roleName: string;
  rolePermissions: Record<string, boolean>;
};

function toSessionUser(row: UserRow): SessionUser {
  return {
    id: row.id,
    name: row.name,
    displayName: row.displayName,
    avatar: row.avatar,
    role: row.roleName,
    permissions: rolePermissions({ name: row.roleName, permissions: row.rolePermissions }),
  };
}

type SessionRow = UserRow & { revokedAt: Date | null; userId: number };
type ApiTokenRow = UserRow & {
  tokenId: number;
  tokenName: string;
  tokenPermissions: string[];
  lastUsedAt: Date | null;
  expiresAt: Date;
};

export class SessionService {
  /** Session id → its session, user and role (undefined: no such session). */
  private readonly sessionCache = new ChangeCache<string, SessionRow | undefined>(AUTH_CACHE_TTL_MS);
  /** API token hash → its active token, user and role (undefined: no such active token). */
  private readonly tokenCache = new ChangeCache<string, ApiTokenRow | undefined>(AUTH_CACHE_TTL_MS);

  /**
   * The signing secret as a WebCrypto key, imported once: given the raw bytes, jose imports them
   * again for every token it signs or verifies (a third of the time verifying an access token took).
   */
  private signingKey?: Promise<CryptoKey>;

  /**
   * Access tokens whose signature has been verified → their session and user. A console sends the
   * same token with every request for its whole lifetime. HMAC verification through WebCrypto took
   * ~0.15 ms of every request; a hit costs one Map lookup. Only verified tokens are remembered, so
   * a forged or altered token is always checked. The expiry is checked on every use, hit or not.
   */
  private readonly verifiedTokens = new Map<string, { userId: number; sessionId: string; exp: number }>();

  /** Each cached session row's user and permission set (see sessionPrincipal). */
  private readonly principalOfRow = new WeakMap<SessionRow, { user: SessionUser; permissions: PermissionSet }>();

  constructor(
    private readonly db: Db,
    private readonly opts: SessionOptions,
  ) {}

  private key(): Promise<CryptoKey> {
    return (this.signingKey ??= crypto.webcrypto.subtle.importKey(
      'raw',
      this.opts.secret,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    ));
  }

  async findUser(db: Executor, userId: number): Promise<UserRow | undefined> {
    const [row] = await db
      .select(userColumns)
      .from(staffUsers)
      .innerJoin(roles, eq(roles.id, staffUsers.roleId))
      .where(eq(staffUsers.id, userId));
    return row;
  }

  async findUserByName(db: Executor, name: string): Promise<(UserRow & { passwordHash: string | null }) | undefined> {
    const [row] = await db
      .select({ ...userColumns, passwordHash: staffUsers.passwordHash })
      .from(staffUsers)
      .innerJoin(roles, eq(roles.id, staffUsers.roleId))
      .where(sql`lower(${staffUsers.name}) = lower(${name})`);
    return row;
  }

  private async signAccessToken(userId: number, sessionId: string): Promise<string> {
    return new SignJWT({ sid: sessionId, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.opts.accessTokenTtlSec)
      .sign(await this.key());
  }

  private async newRefreshToken(db: Executor, sessionId: string): Promise<string> {
    const refreshToken = randomSecret(32);
    await db.insert(refreshTokens).values({
      hash: sha256(refreshToken),
      sessionId,
      expiresAt: new Date(Date.now() + this.opts.refreshTokenTtlSec * 1000),
    });
    return refreshToken;
  }

  /** Starts a new session for a user who has just proven who they are. */
  async startSession(db: Executor, userId: number, userAgent?: string): Promise<LoginResponse> {
    const user = await this.findUser(db, userId);
    if (!user) throw unauthorized('Unknown user');
    if (!user.enabled) throw new HttpError(403, 'This account is disabled');
    const sessionId = crypto.randomUUID();
    await db.insert(sessions).values({ id: sessionId, userId, userAgent: userAgent?.slice(0, 300) ?? null });
    const refreshToken = await this.newRefreshToken(db, sessionId);
    const accessToken = await this.signAccessToken(userId, sessionId);
    return { user: toSessionUser(user), tokens: { accessToken, refreshToken } };
  }

  /**
   * Rotates a refresh token. Presenting a token that was already rotated means it leaked:
   * the whole session is revoked.
   */
  async refresh(refreshToken: string): Promise<LoginResponse> {
    return this.db
      .transaction(async (tx) => {
        const [row] = await tx
          .select({
            hash: refreshTokens.hash,
            sessionId: refreshTokens.sessionId,
            usedAt: refreshTokens.usedAt,
            expiresAt: refreshTokens.expiresAt,
            revokedAt: sessions.revokedAt,
            userId: sessions.userId,
          })
          .from(refreshTokens)
          .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
          .where(eq(refreshTokens.hash, sha256(refreshToken)))
          .for('update');
        if (!row || row.revokedAt) throw unauthorized('The session has ended. Please sign in again.');
        if (row.usedAt) {
          await tx
            .update(sessions)
            .set({ revokedAt: new Date(), revokedReason: 'refresh token reuse' })
            .where(eq(sessions.id, row.sessionId));
          return { reused: true } as never;
        }
        if (row.expiresAt.getTime() <= Date.now()) throw unauthorized('The session has expired. Please sign in again.');
        const user = await this.findUser(tx, row.userId);
        if (!user || !user.enabled) throw unauthorized('The session has ended. Please sign in again.');
        await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.hash, row.hash));
        await tx.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, row.sessionId));
        const next = await this.newRefreshToken(tx, row.sessionId);
        const accessToken = await this.signAccessToken(row.userId, row.sessionId);
        return { user: toSessionUser(user), tokens: { accessToken, refreshToken: next } };
      })
      .then((result) => {
        // The revocation above must commit, so the refusal is thrown after the transaction.
        if ((result as { reused?: boolean }).reused)
          throw unauthorized('This refresh token was already used; the session has been ended for safety.');
        return result;
      });
  }

  /** Ends the session a refresh token belongs to. Unknown tokens are ignored. */
  async logout(db: Executor, refreshToken: string): Promise<number | null> {
    const [row] = await db
      .select({ sessionId: refreshTokens.sessionId, userId: sessions.userId })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(and(eq(refreshTokens.hash, sha256(refreshToken)), isNull(sessions.revokedAt)));
    if (!row) return null;
    await db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'logout' })
      .where(eq(sessions.id, row.sessionId));
    return row.userId;
  }

  /** Ends every session of a user at once (forced logout, disabling). */
  async endAllSessions(db: Executor, userId: number, reason: string): Promise<number> {
    const ended = await db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return ended.length;
  }

  /** Resolves the bearer credential of a request into a principal, or throws 401/403. */
  async authenticate(authorization: string | undefined): Promise<Principal> {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!match) throw unauthorized('Authentication required');
    const credential = match[1]!;
    return credential.startsWith(API_TOKEN_PREFIX)
      ? this.authenticateApiToken(credential)
      : this.authenticateAccessToken(credential);
  }

  private async authenticateAccessToken(token: string): Promise<Principal> {
    const { userId, sessionId } = await this.verifyAccessToken(token);
    const row = await this.sessionCache.get(sessionId, async () => {
      const [found] = await this.db
        .select({ ...userColumns, revokedAt: sessions.revokedAt, userId: sessions.userId })
        .from(sessions)
        .innerJoin(staffUsers, eq(staffUsers.id, sessions.userId))
        .innerJoin(roles, eq(roles.id, staffUsers.roleId))
        .where(eq(sessions.id, sessionId));
      return found;
    });
    if (!row || row.userId !== userId || row.revokedAt || !row.enabled)
      throw unauthorized('The session has ended. Please sign in again.');
    const { user, permissions } = this.sessionPrincipal(row);
    return {
      user,
      permissions,
      sessionId,
      tokenId: null,
      actor: { userId: user.id, userName: user.name, source: 'Console' },
    };
  }

  /**
   * The user and permission set of a cached session row, built once per row: the requests of one
   * session share one PermissionSet (its remembered answers, and what is cached per set, such as a
   * list's query catalogue) until the session cache is ended by a write and the row is read again.
   */
  private sessionPrincipal(row: SessionRow): { user: SessionUser; permissions: PermissionSet } {
    let built = this.principalOfRow.get(row);
    if (!built) {
      const user = toSessionUser(row);
      built = { user, permissions: new PermissionSet(user.permissions) };
      this.principalOfRow.set(row, built);
    }
    return built;
  }

  /** The session and user an access token names, once its signature, type and expiry hold; else 401/403. */
  private async verifyAccessToken(token: string): Promise<{ userId: number; sessionId: string }> {
    let claims = this.verifiedTokens.get(token);
    if (!claims) {
      try {
        const { payload } = await jwtVerify(token, await this.key(), { algorithms: ['HS256'] });
        if (payload.typ !== 'access' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number')
          throw unauthorized('Invalid token');
        claims = { userId: Number(payload.sub), sessionId: payload.sid, exp: payload.exp };
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) throw new HttpError(403, TOKEN_EXPIRED_MESSAGE);
        if (err instanceof HttpError) throw err;
        throw unauthorized('Invalid token');
      }
      if (this.verifiedTokens.size >= VERIFIED_TOKENS_MAX)
        this.verifiedTokens.delete(this.verifiedTokens.keys().next().value!);
      this.verifiedTokens.set(token, claims);
    }
    // As jose decides it: expired once the current second reaches `exp`.
    if (claims.exp <= Math.floor(Date.now() / 1000)) {
      this.verifiedTokens.delete(token);
      throw new HttpError(403, TOKEN_EXPIRED_MESSAGE);
    }
    return claims;
  }

  private async authenticateApiToken(token: string): Promise<Principal> {
    const hash = sha256(token);
    const row = await this.tokenCache.get(hash, async () => {
      const [found] = await this.db
        .select({
          ...userColumns,
          tokenId: apiTokens.id,
          tokenName: apiTokens.name,
          tokenPermissions: apiTokens.permissions,
          lastUsedAt: apiTokens.lastUsedAt,
          expiresAt: apiTokens.expiresAt,
        })
        .from(apiTokens)
        .innerJoin(staffUsers, eq(staffUsers.id, apiTokens.userId))
        .innerJoin(roles, eq(roles.id, staffUsers.roleId))
        .where(and(eq(apiTokens.tokenHash, hash), eq(apiTokens.active, true), gt(apiTokens.expiresAt, new Date())));
      return found;
    });
    if (!row || !row.enabled || row.expiresAt.getTime() <= Date.now())
      throw unauthorized('Invalid, expired or revoked token');
    // Record use at most once a minute per token (no write on the other requests); a failure here
    // never fails the request.
    if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
      const lastUsedAt = new Date();
      await this.db
        .update(apiTokens)
        .set({ lastUsedAt })
        .where(eq(apiTokens.id, row.tokenId))
        .then(() => this.tokenCache.update(hash, { ...row, lastUsedAt }))
        .catch(() => undefined);
    }
    const user = toSessionUser(row);
    // A token never carries more than its owner holds now — by the rule it was granted under
    // (canGrant: a per-record permission such as view_sensor_tag_5 is held through its family).
    const owner = new PermissionSet(user.permissions);
    const permissions = row.tokenPermissions.filter((p) => canGrant(owner, p));
    return {
      user: { ...user, permissions },
      permissions: new PermissionSet(permissions),
      sessionId: null,
      tokenId: row.tokenId,
      actor: { userId: user.id, userName: user.name, source: `Token ${row.tokenName}` },
    };
  }
}
