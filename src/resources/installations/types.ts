/** An installation as GET /installations lists it (fields the caller may not see are absent). */
import type { RaRecord } from 'react-admin';
import type { FactorSet, TagValue } from '../../dataProviders/types';

export interface Installation extends RaRecord {
  /** Row id of the installation record (react-admin's id). */
  id: number;
  /** The business number every editor and link uses. */
  installationId: number;
  sensorId: number;
  installationRequestId: number | null;
  latitude: number;
  longitude: number;
  isVisible: boolean;
  measured: string[];
  recentActivity?: number[];
  alternativeAddress1?: string | null;
  alternativeAddress2?: string | null;
  [field: string]: unknown;
}

export type { FactorSet, TagValue };
