/**
 * Developer-portal users, what every write call shares: one change of one user in one transaction
 * with its audit record, the user's detail as the answer, and the e-mails of the portal (through
 * the context's Mailer, by default the outbox table).
 */
import crypto from 'node:crypto';
import type { AuditEventType } from '../../../../common/auditEvents';
import type { PermissionSet } from '../../../../common/permissions';
import { audit, type Actor } from '../../../audit';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db';
import { notFound } from '../../../http/errors';
import { outboxMailer, type Mailer } from '../../../mail';
import { activationLinks } from './activation';
import { findAdpUser, loadAdpUser, type AdpUserRow } from './repository';

export const TAGS = ['users'];

type User = Pick<AdpUserRow, 'id' | 'email' | 'nickname'>;

/** How audit records and refusals name a user. */
export const label = (u: User) => `Panel user ${u.id} "${u.nickname}" <${u.email}>`;

/** The user's row, locked for the change unless `lock` is false; 404 when there is none. */
export async function loadUser(tx: Executor, id: number, lock = true): Promise<AdpUserRow> {
  const row = await loadAdpUser(tx, id, lock);
  if (!row) throw notFound(`Developer-portal user ${id} does not exist`);
  return row;
}

/** The answer of a call that changed a user: the user as the caller may see it. */
export const detail = async (tx: Executor, id: number, permissions: PermissionSet) => ({
  data: { user: (await findAdpUser(tx, id, permissions))! },
});

/** A change's audit entry and answer; one without `event` changed nothing and is not audited. */
export type Change<T> = { event: AuditEventType; message: string; result: T } | { result: T };

/** The write calls' tools, bound to one server's context. */
export function userChanges(ctx: AppContext) {
  const mailer: Mailer = ctx.mailer ?? outboxMailer;
  const portal = (ctx.config.publicUrl ?? 'http://localhost:8080').replace(/\/$/, '');
  /** The activation link of a user (./activation.ts). */
  const activationLink = activationLinks(ctx.config).link;
  return {
    activationLink,
    /**
     * One change of one user, in one transaction: `apply` gets the user's locked row and makes the
     * change; its audit entry is written in the same transaction and its result is the answer.
     */
    change: <T>(actor: Actor, id: number, apply: (tx: Executor, u: AdpUserRow) => Promise<Change<T>>) =>
      ctx.db.transaction(async (tx) => {
        const change = await apply(tx, await loadUser(tx, id));
        if ('event' in change) await audit(tx, actor, change.event, change.message);
        return change.result;
      }),
    invite: (tx: Executor, user: User) =>
      mailer.send(tx, {
        kind: 'invitation',
        userId: user.id,
        to: user.email,
        subject: 'Your developer-portal account',
        body: `Hello ${user.nickname},\n\nan account was created for you on the developer portal. Set your password here:\n${activationLink(user)}\n`,
      }),
    /** To the old address of a user whose e-mail changed to `email`. */
    emailChanged: (tx: Executor, user: User, email: string) =>
      mailer.send(tx, {
        kind: 'email-changed',
        userId: user.id,
        to: user.email,
        subject: 'Your developer-portal e-mail address was changed',
        body: `Hello ${user.nickname},\n\nthe e-mail address of your developer-portal account was changed to ${email}. An invitation was sent there.\n`,
      }),
    passwordReset: (tx: Executor, user: User) => {
      const token = crypto.randomBytes(24).toString('base64url');
      return mailer.send(tx, {
        kind: 'password-reset',
        userId: user.id,
        to: user.email,
        subject: 'Reset your developer-portal password',
        body: `Hello ${user.nickname},\n\nreset your password here:\n${portal}/developer-portal/reset-password?token=${token}\n`,
      });
    },
  };
}
