/** Writes audit records; call inside the same transaction as the mutation it describes. */
import type { AuditEventType, AuditSource } from '../common/auditEvents';
import type { Executor } from './db';
import { auditLogs } from './db/schema';

export interface Actor {
  userId: number | null;
  userName: string | null;
  source: AuditSource | string;
}

export const SYSTEM_ACTOR: Actor = { userId: null, userName: 'system', source: 'System' };

export async function audit(db: Executor, actor: Actor, eventType: AuditEventType, message: string): Promise<void> {
  await db.insert(auditLogs).values({
    userId: actor.userId,
    userName: actor.userName,
    eventType,
    sourceName: actor.source,
    message,
  });
}
