/** A record of the installation history (`GET /history/sensors/{id}`, `GET /history/installations/{id}`). */
import type { TagValue } from '../../resources/tags/types';

export interface HistoryAddress {
  country?: string | null;
  state?: string | null;
  city?: string | null;
  street?: string | null;
  number?: string | null;
  countryLocal?: string | null;
  stateLocal?: string | null;
  cityLocal?: string | null;
  streetLocal?: string | null;
  numberLocal?: string | null;
}

export interface HistoryRecord {
  id: number;
  sensorId: number | null;
  installationId: number | null;
  successorId: number | null;
  predecessorId: number | null;
  installationDate: string | null;
  removedAt: string | null;
  contractor: { id: number; name: string } | null;
  isVisible: boolean | null;
  mamsl: number | null;
  location: { latitude: number | null; longitude: number | null } | null;
  address: HistoryAddress | null;
  alternativeAddress1: string | null;
  alternativeAddress2: string | null;
  contactFullName?: string | null;
  contactEmail?: string | null;
  contactPhoneNumber?: string | null;
  tags: Record<string, TagValue> | null;
  factors?: unknown;
  installationRequestId: number | null;
}

export type HistoryScope = 'sensors' | 'installations';
