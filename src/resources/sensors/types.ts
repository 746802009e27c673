/** A sensor as the main API lists it (`GET /sensors`, `GET /sensors/{id}`). */
import type { Communication, SensorStatus } from '../../../common/domain';
import type { TagValue } from '../tags/types';

export interface FactorSet {
  A: number;
  B: number;
  C: number;
}

export interface Sensor {
  id: number;
  info: {
    id: number;
    currentInstallationId: number | null;
    /** Present only with view_sensortoken. */
    sensorToken?: string;
    /** Present only with view_communication. */
    communication?: Communication;
    contractor: { id: number; name: string } | null;
    status: SensorStatus;
    measured: string[];
  };
  params: { factors: Partial<Record<string, FactorSet>> };
  /** Tag values by tag id. */
  tags: Record<string, TagValue>;
}

/** The GSM updater's view of a sensor (the Sensor Status screen). */
export interface UpdaterSensor {
  id: number;
  version: string | null;
  bank: number | null;
  status: string;
  last_contact: string | null;
  last_updated: string | null;
}

/** `POST /sensors` (ordering new sensors); answered with CSV. */
export interface SensorOrder {
  amount: number;
  communication: Communication;
  measured: string[];
  latitude: number;
  longitude: number;
  contractorId: number | null;
  sensorTags?: Record<string, TagValue>;
  installationTags?: Record<string, TagValue>;
  sensorFactors?: Record<string, FactorSet>;
}
