/**
 * One path for every change to an installation: load the current one by its business number
 * (locked), refuse a removed one, apply the change, append a history snapshot, audit, commit, and
 * then tell live-update followers. Each editor route only says what changes; the answer is `{ data }`.
 */
import type { AuditEventType } from '../../../../common/auditEvents';
import { audit } from '../../../audit';
import type { Executor } from '../../../db';
import type { Principal } from '../../../auth/sessions';
import type { AppContext } from '../../../context';
import { unprocessable } from '../../../http/errors';
import { writeInstallationSnapshots } from '../history/repository';
import { currentInstallation, type InstallationRow } from './editRepository';

export interface Edit<T> {
  event: AuditEventType;
  /** Applies the change inside the transaction; returns the response and the audit message. */
  apply(tx: Executor, row: InstallationRow): Promise<{ result: T; message: string }>;
}

export async function editInstallation<T>(
  ctx: Pick<AppContext, 'db' | 'realtime'>,
  principal: Principal,
  installationId: number,
  edit: Edit<T>,
): Promise<{ data: T }> {
  const result = await ctx.db.transaction(async (tx) => {
    const row = await currentInstallation(tx, installationId, true);
    if (row.removedAt)
      throw unprocessable(
        `Installation ${installationId} was removed on ${row.removedAt.toISOString()}; edit the sensor's current installation instead`,
      );
    const { result, message } = await edit.apply(tx, row);
    await writeInstallationSnapshots(tx, [row.id], new Date());
    await audit(tx, principal.actor, edit.event, `Installation ${installationId}: ${message}`);
    return result;
  });
  // Followers learn after the commit, so a refetch sees the change.
  void ctx.realtime.installationsChanged([installationId]).catch(() => undefined);
  return { data: result };
}
