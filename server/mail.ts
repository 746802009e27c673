/**
 * The developer portal's e-mails (invitation, password reset, address change) go through a
 * pluggable Mailer. The reference backend's mailer writes each e-mail to the `adp_outbox` table in
 * the caller's transaction (so a rolled-back change sends nothing); an operator plugs in a real
 * one (SMTP, a mail API) by giving the context another Mailer.
 */
import type { Executor } from './db';
import { adpOutbox } from './db/schema';

export type MailKind = 'invitation' | 'password-reset' | 'email-changed';

export interface Mail {
  kind: MailKind;
  userId: number | null;
  to: string;
  subject: string;
  body: string;
}

export interface Mailer {
  /** Sends (or queues) one e-mail as part of the transaction `tx`. */
  send(tx: Executor, mail: Mail): Promise<void>;
}

/** The reference mailer: every e-mail becomes a row of `adp_outbox`. */
export const outboxMailer: Mailer = {
  async send(tx, mail) {
    await tx.insert(adpOutbox).values({
      userId: mail.userId,
      kind: mail.kind,
      recipient: mail.to,
      subject: mail.subject,
      body: mail.body,
    });
  },
};
