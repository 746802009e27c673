/** Row shapes the demo builders pass to each other, and the build context (reference time, root PRNG, demo password hash, role ids). */
import {
  CONTRACTOR_TYPES,
  type Communication,
  type SensorStatus,
  type TagContext,
  type TagType,
} from '../../../common/domain';
import { Prng } from '../prng';
import type { FactorMap, Suspension } from '../schema';

export interface SensorRec {
  id: number;
  sensorToken: string;
  communication: Communication;
  status: SensorStatus;
  measured: string[];
  contractorId: number | null;
  currentInstallationId: number | null;
  factors: FactorMap;
  firmwareVersion: string | null;
  createdAt: Date;
  retiredAt: Date | null;
  lastMeasurementAt: Date | null;
}

export interface InstallationRec {
  id: number;
  installationId: number;
  predecessorId: number | null;
  successorId: number | null;
  sensorId: number;
  installationDate: Date;
  removedAt: Date | null;
  contractorId: number | null;
  status: string;
  providerOwned: boolean;
  isVisible: boolean;
  mamsl: number;
  latitude: number;
  longitude: number;
  country: string;
  countryLocal: string;
  countryId: string;
  state: string;
  stateLocal: string;
  stateId: string;
  city: string;
  cityLocal: string;
  cityId: string;
  street: string;
  streetLocal: string;
  streetId: string | null;
  number: string;
  numberLocal: string;
  numberId: string | null;
  alternativeAddress1: string | null;
  alternativeAddress2: string | null;
  visibleBy: string | null;
  contactFullName: string | null;
  contactEmail: string | null;
  contactPhoneNumber: string | null;
  date: Date;
  installationRequestId: number | null;
  measured: string[];
  factors: FactorMap;
  suspensions: Record<string, Suspension>;
}

export interface ContractorRec {
  id: number;
  name: string;
  type: (typeof CONTRACTOR_TYPES)[number];
  logo: string | null;
  link: string | null;
  hsId: string | null;
  hsName: string | null;
  companyOwner: string | null;
  companyState: string | null;
  endOfDeal: string | null;
  customSla: boolean;
  activeSubscriptions: number;
  createdAt: Date;
}

export interface TagRec {
  id: number;
  context: TagContext;
  name: string;
  type: TagType;
  values: string[];
  createdAt: Date;
}

export interface Ctx {
  now: Date;
  nowMs: number;
  root: Prng;
  passwordHash: string;
  roleIds: Map<string, number>;
}

export const agoMs = (c: Ctx, ms: number) => new Date(c.nowMs - Math.round(ms));
