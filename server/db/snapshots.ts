/**
 * The installation_history snapshot format, written by the demo seed and by every change of an
 * installation: the row with camelCase keys, ISO dates and the installation's tags.
 */
import type { installations, TagValue } from './schema';

export type InstallationRow = typeof installations.$inferSelect;
export type Snapshot = Record<string, unknown>;

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** The snapshot of one installation row with its tags. */
export function snapshotOf(x: InstallationRow, tagsOf: Record<string, TagValue>): Snapshot {
  return {
    id: x.id,
    installationId: x.installationId,
    sensorId: x.sensorId,
    predecessorId: x.predecessorId,
    successorId: x.successorId,
    installationDate: iso(x.installationDate),
    removedAt: iso(x.removedAt),
    contractorId: x.contractorId,
    status: x.status,
    providerOwned: x.providerOwned,
    isVisible: x.isVisible,
    mamsl: x.mamsl,
    latitude: x.latitude,
    longitude: x.longitude,
    country: x.country,
    countryLocal: x.countryLocal,
    countryId: x.countryId,
    state: x.state,
    stateLocal: x.stateLocal,
    stateId: x.stateId,
    city: x.city,
    cityLocal: x.cityLocal,
    cityId: x.cityId,
    street: x.street,
    streetLocal: x.streetLocal,
    streetId: x.streetId,
    number: x.number,
    numberLocal: x.numberLocal,
    numberId: x.numberId,
    alternativeAddress1: x.alternativeAddress1,
    alternativeAddress2: x.alternativeAddress2,
    visibleBy: x.visibleBy,
    contactFullName: x.contactFullName,
    contactEmail: x.contactEmail,
    contactPhoneNumber: x.contactPhoneNumber,
    date: iso(x.date),
    installationRequestId: x.installationRequestId,
    measured: [...(x.measured ?? [])],
    factors: structuredClone(x.factors ?? {}),
    suspensions: structuredClone(x.suspensions ?? {}),
    tags: { ...tagsOf },
  };
}
