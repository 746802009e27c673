/** An installation request as the list and `GET /installations/requests/{id}` answer it (document 2, section 3). */
import type { RequestState } from '../../../common/requests';

export interface RequestImage {
  link: string;
  location: string | null;
}

export interface InstallationRequestRecord {
  id: number;
  sensorId: number | null;
  requestType: string;
  clientType: string;
  createdAt: string;
  updatedAt: string;
  address: string | null;
  location: { latitude: number | null; longitude: number | null } | null;
  locationFromAddress: boolean;
  email: string | null;
  phone: string | null;
  language: string | null;
  images: RequestImage[];
  contractorId: number | null;
  contractorName: string | null;
  contractorLogo: string | null;
  contractorLink: string | null;
  notes: string | null;
  staffNotes: string | null;
  state: RequestState;
  [key: string]: unknown;
}

/** The request's coordinates when it has both. */
export function requestCoordinates(r: Pick<InstallationRequestRecord, 'location'>): [number, number] | null {
  const lat = r.location?.latitude;
  const lng = r.location?.longitude;
  return typeof lat === 'number' && typeof lng === 'number' ? [lat, lng] : null;
}
