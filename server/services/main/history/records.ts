/**
 * A history record from an installation snapshot, as the caller may see it: address and contact
 * fields by their view permissions, only the visible tags, factors of view_<param>_factors;
 * predecessor and successor as business numbers.
 */
import type { PermissionSet } from '../../../../common/permissions';
import type { FactorMap, TagValue } from '../../../db/schema';
import type { Snapshot } from '../../../db/snapshots';
import type { HistoryRecord } from './schemas';

const str = (v: unknown): string | null =>
  typeof v === 'string' ? v : v === null || v === undefined ? null : String(v);
export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export interface RecordContext {
  perms: PermissionSet;
  visibleTagIds: Set<string>;
  contractorNames: Map<number, string>;
  /** Installation row id → business number. */
  business: Map<number, number>;
}

export function toRecord(s: Snapshot, c: RecordContext): HistoryRecord {
  const { perms } = c;
  const contractorId = num(s.contractorId);
  const rowRef = (v: unknown) => {
    const id = num(v);
    return id === null ? null : (c.business.get(id) ?? null);
  };
  const out: HistoryRecord = {
    id: num(s.id)!,
    sensorId: num(s.sensorId)!,
    installationId: num(s.installationId)!,
    successorId: rowRef(s.successorId),
    predecessorId: rowRef(s.predecessorId),
    installationDate: str(s.installationDate),
    removedAt: str(s.removedAt),
    contractor: contractorId !== null ? { id: contractorId, name: c.contractorNames.get(contractorId) ?? '' } : null,
    isVisible: s.isVisible === true,
    mamsl: num(s.mamsl),
    location: { latitude: num(s.latitude), longitude: num(s.longitude) },
    tags: {},
    factors: {},
    installationRequestId: num(s.installationRequestId),
  };
  if (perms.can('view_address')) {
    out.address = {
      country: str(s.country),
      state: str(s.state),
      city: str(s.city),
      street: str(s.street),
      number: str(s.number),
      countryLocal: str(s.countryLocal),
      stateLocal: str(s.stateLocal),
      cityLocal: str(s.cityLocal),
      streetLocal: str(s.streetLocal),
      numberLocal: str(s.numberLocal),
    };
    out.alternativeAddress1 = str(s.alternativeAddress1);
    out.alternativeAddress2 = str(s.alternativeAddress2);
  }
  if (perms.can(['view_contact', 'view_contact_name'])) out.contactFullName = str(s.contactFullName);
  if (perms.can(['view_contact', 'view_contact_email'])) out.contactEmail = str(s.contactEmail);
  if (perms.can(['view_contact', 'view_contact_phone'])) out.contactPhoneNumber = str(s.contactPhoneNumber);
  const tagsOf = (s.tags ?? {}) as Record<string, TagValue>;
  for (const [id, v] of Object.entries(tagsOf)) if (c.visibleTagIds.has(id)) out.tags[id] = v ?? null;
  const f = (s.factors ?? {}) as FactorMap;
  for (const [p, v] of Object.entries(f)) {
    if (!v || typeof v.A !== 'number' || typeof v.B !== 'number' || typeof v.C !== 'number') continue;
    if (perms.holds(`view_${p}_factors`)) out.factors[p] = { A: v.A, B: v.B, C: v.C };
  }
  return out;
}
