/** Demo sensors: statuses by age, communication, measured parameters, factors and firmware picks. */
import {
  DEFAULT_MEASURED,
  FACTOR_PARAMS,
  MEASURED_PARAMS,
  type Communication,
  type SensorStatus,
} from '../../../common/domain';
import { Prng } from '../prng';
import type { FactorMap, Factors } from '../schema';
import type { ContractorRec, Ctx, SensorRec } from './context';
import { fromCounts, spread } from './helpers';
import {
  CURRENT_INSTALL_STATUSES,
  DAY,
  GEN3_VERSIONS,
  GSM_VERSIONS,
  PRE_INSTALL_STATUSES,
  WIFI_VERSIONS,
  wifiCommitAgeDays,
} from './reference';

type FirmwareFamily = 'gsm' | 'wifi' | 'gen3';
const firmwareFamilyOf = (comm: Communication): FirmwareFamily =>
  comm === 'GSM' || comm === 'NBIOT' ? 'gsm' : comm === 'WIFI' ? 'wifi' : 'gen3';

const FIRMWARE_RELEASES: Record<FirmwareFamily, readonly { version: string; ageDays: number; weight: number }[]> = {
  gsm: GSM_VERSIONS.map(([version, , , ageDays, weight]) => ({ version, ageDays, weight })),
  wifi: WIFI_VERSIONS.map(([version, weight, commit]) => ({ version, ageDays: wifiCommitAgeDays(commit), weight })),
  gen3: GEN3_VERSIONS.map(([version, , , ageDays, weight]) => ({ version, ageDays, weight })),
};

const SENSOR_STATUS_COUNTS: Record<SensorStatus, number> = {
  InProduction: 40,
  Ready: 45,
  ForInstallation: 30,
  InShipping: 25,
  Installed: 730,
  ContractTerminated: 30,
  ContractEnded: 30,
  Suspended: 25,
  ReviewRequired: 40,
  ServiceRequired: 45,
  InRepair: 30,
  ReadyRepaired: 20,
  Refurbishment: 15,
  Lost: 15,
  Retired: 80,
};

/** Where in the five-year timeline (0 = oldest, 1 = newest) sensors of a status were created. */
const SENSOR_AGE: Record<SensorStatus, readonly [number, number]> = {
  InProduction: [0.975, 1],
  Ready: [0.92, 1],
  ForInstallation: [0.9, 1],
  InShipping: [0.92, 1],
  Installed: [0.02, 0.96],
  ContractTerminated: [0.1, 0.8],
  ContractEnded: [0.05, 0.8],
  Suspended: [0.2, 0.9],
  ReviewRequired: [0.2, 0.95],
  ServiceRequired: [0.1, 0.95],
  InRepair: [0.1, 0.9],
  ReadyRepaired: [0.1, 0.9],
  Refurbishment: [0, 0.6],
  Lost: [0.1, 0.9],
  Retired: [0, 0.55],
};

const GAS_PARAMS = [
  ['no2', 10],
  ['o3', 6],
  ['so2', 3],
  ['co', 4],
  ['no', 3],
  ['h2s', 1],
] as const;

const sortByParamOrder = (params: Iterable<string>) =>
  [...new Set(params)].sort((a, b) => MEASURED_PARAMS.indexOf(a as never) - MEASURED_PARAMS.indexOf(b as never));

export function buildSensors(c: Ctx, contractorRows: ContractorRec[]): SensorRec[] {
  const r = c.root.fork('sensors');
  const statuses = fromCounts(r, SENSOR_STATUS_COUNTS);
  // Older sensors first: ids grow with creation time, statuses fit the sensor's age.
  const aged = statuses
    .map((status) => {
      const [lo, hi] = SENSOR_AGE[status];
      return { status, age: r.float(lo, hi) };
    })
    .sort((a, b) => a.age - b.age);
  const communications = spread(r, { GSM: 46, WIFI: 34, NBIOT: 8, LORA: 7, OTHER: 5 }, aged.length);
  const start = c.nowMs - 1800 * DAY;
  const end = c.nowMs - 2 * DAY;
  const tokens = new Set<string>();
  const clientContractors = contractorRows.map((x) => x.id);

  return aged.map(({ status, age }, i): SensorRec => {
    const communication = communications[i]!;
    let token = r.hex(32);
    while (tokens.has(token)) token = r.hex(32);
    tokens.add(token);

    const measured = r.chance(0.25)
      ? sortByParamOrder([...DEFAULT_MEASURED, ...Array.from({ length: r.int(1, 3) }, () => r.weighted(GAS_PARAMS))])
      : [...DEFAULT_MEASURED];
    const factors: FactorMap = {};
    if (r.chance(0.35)) {
      for (const p of r.sample(FACTOR_PARAMS, r.int(1, 3))) factors[p] = randomFactors(r, p);
    }
    const firmwareVersion =
      status === 'InProduction' && r.chance(0.5) ? null : pickFirmware(r, c, communication, c.nowMs);
    const hasContractor =
      status === 'Retired'
        ? false
        : CURRENT_INSTALL_STATUSES.includes(status)
          ? r.chance(0.94)
          : PRE_INSTALL_STATUSES.includes(status)
            ? r.chance(0.45)
            : r.chance(0.7);
    return {
      id: i + 1,
      sensorToken: token,
      communication,
      status,
      measured,
      contractorId: hasContractor ? r.pick(clientContractors) : null,
      currentInstallationId: null,
      factors,
      firmwareVersion,
      createdAt: new Date(Math.round(start + age * (end - start))),
      retiredAt: null,
      lastMeasurementAt: null,
    };
  });
}

/**
 * A firmware version of the sensor's family released before `beforeMs` (and, when given, not
 * before `sinceMs`), weighted by fleet share.
 */
export function pickFirmware(r: Prng, c: Ctx, comm: Communication, beforeMs: number, sinceMs = -Infinity): string {
  const list = FIRMWARE_RELEASES[firmwareFamilyOf(comm)];
  const releasedMs = (v: { ageDays: number }) => c.nowMs - v.ageDays * DAY;
  let released = list.filter((v) => v.weight > 0 && releasedMs(v) <= beforeMs && releasedMs(v) >= sinceMs);
  if (released.length === 0) released = list.filter((v) => v.weight > 0 && releasedMs(v) <= beforeMs);
  if (released.length === 0) return list[0]!.version;
  return r.weighted(released.map((v) => [v.version, v.weight] as const));
}

export function releasedAt(c: Ctx, comm: Communication, version: string): number {
  const v = FIRMWARE_RELEASES[firmwareFamilyOf(comm)].find((x) => x.version === version);
  return v ? c.nowMs - v.ageDays * DAY : 0;
}

export function randomFactors(r: Prng, param: string): Factors {
  switch (param) {
    case 'temperature':
      return { A: r.float(-2.5, 1, 2), B: r.float(0.95, 1.05, 3), C: 0 };
    case 'humidity':
      return { A: r.float(-6, 6, 2), B: r.float(0.9, 1.1, 3), C: 0 };
    case 'pressure':
      return { A: r.float(-3, 3, 2), B: 1, C: 0 };
    default:
      return { A: r.float(-4, 4, 2), B: r.float(0.8, 1.2, 3), C: r.float(-0.002, 0.002, 4) };
  }
}
