/**
 * Developer-portal users, the checks of the write calls (document 2, section 5): the type rules for
 * contractor, reason and access definitions, a trial's end date, and the references that must exist.
 */
import { ADP_MESSAGES, allowsAdditionalAccess, hasContractor, needsReason } from '../../../../common/adpUsers';
import type { Executor } from '../../../db';
import { badRequest, conflict, unprocessable } from '../../../http/errors';
import { blank } from './accessRepository';
import { planExists } from '../plans/repository';
import { contractorExists } from '../../main/contractors/repository';
import { userIdWithEmail } from './repository';
import type { AccessIn } from './schemas';

export async function assertContractor(tx: Executor, id: number | null | undefined) {
  if (id == null) return;
  if (!(await contractorExists(tx, id))) throw unprocessable(`Contractor ${id} does not exist`);
}

export async function assertPlan(tx: Executor, name: string) {
  if (!(await planExists(tx, name))) throw unprocessable(`Plan ${name} does not exist`);
}

/** No other user has this e-mail address (`except`: the user being changed). */
export async function assertEmailFree(tx: Executor, email: string, except?: number) {
  const id = await userIdWithEmail(tx, email);
  if (id !== undefined && id !== except)
    throw conflict(`A developer-portal user with the e-mail ${email} already exists`);
}

/** A date that exists and is today or later (UTC). */
export function assertFutureDay(value: string) {
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value)
    throw badRequest(`endDate ${value} is not a date`);
  if (value < new Date().toISOString().slice(0, 10)) throw unprocessable('The trial end date must not be in the past');
}

/** The type rules of section 5 for a user's type, contractor and reason. */
export function assertTypeRules(type: string, contractorId: number | null, reason: string | null) {
  if (needsReason(type) && !blank(reason)) throw unprocessable(ADP_MESSAGES.reasonRequired(type));
  if (hasContractor(type) && contractorId === null) throw unprocessable(ADP_MESSAGES.contractorRequired(type));
}

/** A CLIENT has only its contractor's own access; other types may have more. */
export function assertAccessAllowed(
  type: string,
  contractorId: number | null,
  def: Pick<AccessIn, 'sponsorId' | 'osmId' | 'installationId'>,
) {
  if (allowsAdditionalAccess(type)) return;
  const own =
    def.sponsorId != null && def.sponsorId === contractorId && !blank(def.osmId) && def.installationId == null;
  if (!own) throw unprocessable(ADP_MESSAGES.additionalAccess);
}
