/**
 * The two value edits that sensors, installations and contractors share: a tag value of one entity
 * (checked by the tag's type, stored or cleared) and the calibration factors of one parameter
 * (checked by the shared rule, with the per-parameter permission). Routes add their own lookup,
 * audit event and response.
 */
import { and, eq } from 'drizzle-orm';
import { FACTOR_PARAMS, type TagContext } from '../../../common/domain';
import type { PermissionSet } from '../../../common/permissions';
import { tagEditRule } from '../../../common/tagPermissions';
import { factorsRule } from '../../../common/validation';
import type { Executor } from '../../db';
import { badRequest, forbidden } from '../../http/errors';
import { TAG_VALUE_TABLES, loadTagDefinition } from './tags/repository';
import { checkTagValue, type TagValue } from './tags/values';

/** Refuses the change unless the caller may edit this tag of the context. */
export function assertTagEditable(permissions: PermissionSet, context: TagContext, tagId: number): void {
  const rule = tagEditRule(context, tagId);
  if (!permissions.can(rule)) throw forbidden(`You need the ${(rule as string[]).join(' or ')} permission to do this`);
}

/**
 * Sets (or with null clears) one tag value of an entity row inside the caller's transaction;
 * answers the stored value and the audit wording (`tag "X" set to …` / `tag "X" cleared`).
 */
export async function writeTagValue(
  tx: Executor,
  context: TagContext,
  entityId: number,
  tagId: number,
  raw: unknown,
): Promise<{ value: TagValue; message: string }> {
  const tag = await loadTagDefinition(tx, context, tagId);
  const value = checkTagValue(tag, raw);
  const table = TAG_VALUE_TABLES[context];
  const where = and(eq(table.entityId, entityId), eq(table.tagId, tagId));
  if (value === null) await tx.delete(table).where(where);
  else
    await tx
      .insert(table)
      .values({ entityId, tagId, value })
      .onConflictDoUpdate({ target: [table.entityId, table.tagId], set: { value } });
  const message =
    value === null ? `tag "${tag.name}" cleared` : `tag "${tag.name}" set to ${JSON.stringify(value).slice(0, 200)}`;
  return { value, message };
}

/**
 * The factors of one parameter from a request: all three numbers (set) or all empty (clear, null).
 * 400 for an unknown parameter or a partial set, 403 without edit_factors or edit_{param}_factors.
 */
export function requestedFactors(
  param: string,
  body: { A?: number | null; B?: number | null; C?: number | null },
  permissions: PermissionSet,
): { A: number; B: number; C: number } | null {
  if (!(FACTOR_PARAMS as readonly string[]).includes(param))
    throw badRequest(`Unknown factor parameter "${param}"; expected one of ${FACTOR_PARAMS.join(', ')}`);
  if (!permissions.holds(['edit_factors', `edit_${param}_factors`]))
    throw forbidden(`You need the edit_factors or edit_${param}_factors permission to do this`);
  const message = factorsRule(body);
  if (message) throw badRequest(message.en);
  const { A, B, C } = body;
  return typeof A === 'number' && typeof B === 'number' && typeof C === 'number' ? { A, B, C } : null;
}

/** How an audit entry words a factor change. */
export const factorsMessage = (param: string, f: { A: number; B: number; C: number } | null) =>
  f ? `${param} factors set to A=${f.A}, B=${f.B}, C=${f.C}` : `${param} factors cleared`;
