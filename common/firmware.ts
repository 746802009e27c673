/**
 * Firmware deployment rules shared by the console and the updater services (document 2, sections
 * 2.9, 3, 4, 5 and 8): the sensor-ID list (`1,2,5-20`), which versions the create form may offer,
 * the form's warnings, the deployment defaults and limits, and the safe-rollout auto-halt verdict.
 */
import type { Communication, VersionStatus } from './domain';
import { ruleMessage, type RuleMessage } from './validation';

/** Most sensors one deployment may target (a range like 1-1000000 is refused, not expanded). */
export const MAX_DEPLOYMENT_SENSORS = 10_000;
/** Largest sensor id (PostgreSQL integer). */
export const MAX_SENSOR_ID = 2_147_483_647;
/** Largest Gen3 module id (PostgreSQL integer); module ids start at 0. */
export const MAX_GEN3_MODULE = 2_147_483_647;
/** Longest sensor-ID text the form and the server read. */
export const MAX_SENSOR_IDS_TEXT = 20_000;

/** Deployment defaults (section 9): amount 1, grace period 1 h, spacing 1 h. Periods are seconds on the wire. */
export const DEPLOYMENT_DEFAULTS = { amount: 1, periodSec: 3600, spacingSec: 3600 } as const;
/** Deployment lists refresh every 20 s and stop 30 s after the tab is hidden (section 9). */
export const DEPLOYMENT_REFRESH_MS = 20_000;
export const DEPLOYMENT_REFRESH_STOP_HIDDEN_MS = 30_000;
/** Longest grace period and spacing: 30 days, in seconds. */
export const MAX_DEPLOYMENT_SECONDS = 30 * 24 * 3600;
/** Longest version comment / description (section 5). */
export const VERSION_DESCRIPTION_MAX = 255;
/** Per-sensor retries (safe rollouts): 0–10. */
export const MAX_RETRIES_LIMIT = 10;

/**
 * Sensors served by the Gen3 updater: those on LoRa or another non-GSM, non-Wi-Fi link (GSM and
 * NB-IoT sensors take GSM firmware, Wi-Fi sensors Wi-Fi builds; the demo data assigns firmware so).
 */
export const GEN3_COMMUNICATIONS: readonly Communication[] = ['LORA', 'OTHER'];

/** GSM updater statuses meaning the sensor is ready for a deployment (section 4: Ok; Failed only when allowed). */
export const READY_STATUS = 'Ok';
export const FAILED_STATUS = 'Failed';
/** Where a sensor's walk through a deployment ends (GSM: Updated; Wi-Fi: Deployed, or Obsolete when superseded). */
export const TERMINAL_DEPLOYMENT_STATUSES = ['Updated', 'Deployed', 'Obsolete', 'Failed', 'Skipped'] as const;

/**
 * How a sensor walks through a deployment of its family (document 1, section 4, updater status
 * values): `planned` until its wave is released, then each `inFlight` status in turn — the step
 * out of `waitsForSensor` happens when the sensor calls in — and from the last one to `success`
 * or Failed. A halted deployment's planned sensors become Skipped.
 */
export interface RolloutWalk {
  planned: string;
  inFlight: readonly string[];
  waitsForSensor: string;
  success: string;
  /** What entering each in-flight status means, for the sensor's timeline. */
  messages: Readonly<Record<string, string>>;
}

export const ROLLOUT_WALKS: Readonly<Record<'gsm' | 'wifi', RolloutWalk>> = {
  gsm: {
    planned: 'UpdatePlanned',
    inFlight: ['UpdateQueued', 'UpdatePending', 'Updating'],
    waitsForSensor: 'UpdatePending',
    success: 'Updated',
    messages: {
      UpdatePending: 'Queued at the updater; waiting for the sensor to call in',
      Updating: 'Sensor called in; downloading the image',
    },
  },
  wifi: {
    planned: 'Enrolled',
    inFlight: ['Queued', 'Requested', 'Building', 'Uploading', 'Pending', 'Testing'],
    waitsForSensor: 'Pending',
    success: 'Deployed',
    messages: {
      Requested: 'A build machine was requested',
      Building: 'Building the firmware for the sensor',
      Uploading: 'Binary built; uploading it to the update server',
      Pending: 'Waiting for the sensor to call in',
      Testing: 'Sensor called in; installing and testing the image',
    },
  },
};

// ---------------------------------------------------------------- sensor IDs

export type SensorIdsResult = { ok: true; ids: number[] } | { ok: false; error: RuleMessage };

/**
 * Reads `1,2,5-20` into sorted distinct ids. Spaces are allowed around parts; an empty part (`1,,2`),
 * a descending range, a zero or a number past the integer range is an error naming the part, and
 * more than `max` ids (ranges counted before they are expanded) is an error too.
 */
export function parseSensorIds(text: string, max = MAX_DEPLOYMENT_SENSORS): SensorIdsResult {
  const fail = (error: RuleMessage): SensorIdsResult => ({ ok: false, error });
  if (text.trim() === '') return fail(ruleMessage('required'));
  if (text.length > MAX_SENSOR_IDS_TEXT) return fail(ruleMessage('sensorIdsTooMany', { max }));
  const ranges: [number, number][] = [];
  let count = 0;
  for (const raw of text.split(',')) {
    const part = raw.trim();
    const m = /^(\d{1,10})(?:\s*-\s*(\d{1,10}))?$/.exec(part);
    if (!m) return fail(ruleMessage(part === '' ? 'sensorIdsEmptyPart' : 'sensorIdsPart', { part }));
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (from < 1 || to < 1) return fail(ruleMessage('sensorIdsZero', { part }));
    if (from > MAX_SENSOR_ID || to > MAX_SENSOR_ID)
      return fail(ruleMessage('sensorIdsTooLarge', { part, max: MAX_SENSOR_ID }));
    if (to < from) return fail(ruleMessage('sensorIdsDescending', { part, fixed: `${to}-${from}` }));
    count += to - from + 1;
    if (count > max) return fail(ruleMessage('sensorIdsTooMany', { max }));
    ranges.push([from, to]);
  }
  const ids = new Set<number>();
  for (const [from, to] of ranges) for (let id = from; id <= to; id++) ids.add(id);
  return { ok: true, ids: [...ids].sort((a, b) => a - b) };
}

/** Ids written back compactly: `[1,2,3,7]` → `1-3, 7`. */
export function formatSensorIds(ids: readonly number[]): string {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    out.push(j === i ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return out.join(', ');
}

// ---------------------------------------------------------------- version choice

export interface VersionToggles {
  allowExperimental: boolean;
  allowDeprecated: boolean;
  allowIncompatible: boolean;
}

export interface VersionOption {
  version: string;
  status: VersionStatus | string;
}

/** The major.minor prefix of a version (`4.2.0.12` → `4.2`); null for text that is not a version. */
export function majorMinor(version: string | null | undefined): string | null {
  const m = /^(\d+)\.(\d+)(?:\.|$)/.exec(version ?? '');
  return m ? `${Number(m[1])}.${Number(m[2])}` : null;
}

/** The distinct major.minor prefixes the sensors report (sensors without a version are left out). */
export function sensorPrefixes(sensors: readonly { version: string | null }[]): string[] {
  const set = new Set<string>();
  for (const s of sensors) {
    const p = majorMinor(s.version);
    if (p) set.add(p);
  }
  return [...set].sort();
}

/**
 * Section 5: Production is always allowed; Experimental only with "Allow experimental versions",
 * Deprecated only with "Allow deprecated versions"; unless "Allow incompatible versions" is on, the
 * version must share its major.minor prefix with every selected sensor.
 */
export function versionAllowed(option: VersionOption, toggles: VersionToggles, prefixes: readonly string[]): boolean {
  if (option.status === 'Experimental' && !toggles.allowExperimental) return false;
  if (option.status === 'Deprecated' && !toggles.allowDeprecated) return false;
  if (option.status !== 'Production' && option.status !== 'Experimental' && option.status !== 'Deprecated')
    return false;
  if (toggles.allowIncompatible) return true;
  const own = majorMinor(option.version);
  return prefixes.every((p) => p === own);
}

/** The versions the form offers, in the order given. */
export function allowedVersions<V extends VersionOption>(
  versions: readonly V[],
  toggles: VersionToggles,
  prefixes: readonly string[],
): V[] {
  return versions.filter((v) => versionAllowed(v, toggles, prefixes));
}

// ---------------------------------------------------------------- warnings (section 8)

/** A non-blocking warning of the create form: a `firmware.warnings.<key>` message and its values. */
export interface DeploymentWarning {
  key: 'failed' | 'notReady' | 'unknown' | 'experimental' | 'deprecated' | 'incompatible' | 'mixed';
  values: Record<string, string | number>;
}

export interface WarningInput {
  /** The ids typed into the form. */
  ids: readonly number[];
  /** What the GSM updater knows about them (unknown ids are absent). */
  sensors: readonly { id: number; status: string; version: string | null }[];
  /** The chosen version, if any. */
  version?: VersionOption | null;
}

/**
 * Every warning of section 8 that applies: sensors in Failed state; sensors neither Failed nor Ok
 * (not ready for deployment); ids the updater does not know; an experimental or deprecated version;
 * a version whose prefix differs from some sensors (potentially incompatible); sensors of several
 * firmware variants, grouped by prefix.
 */
export function deploymentWarnings({ ids, sensors, version }: WarningInput): DeploymentWarning[] {
  const out: DeploymentWarning[] = [];
  const failed = sensors.filter((s) => s.status === FAILED_STATUS).map((s) => s.id);
  if (failed.length) out.push({ key: 'failed', values: { ids: formatSensorIds(failed), smart_count: failed.length } });
  const notReady = sensors.filter((s) => s.status !== FAILED_STATUS && s.status !== READY_STATUS);
  if (notReady.length)
    out.push({
      key: 'notReady',
      values: {
        ids: notReady.map((s) => `${s.id} (${s.status})`).join(', '),
        smart_count: notReady.length,
      },
    });
  const known = new Set(sensors.map((s) => s.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length)
    out.push({ key: 'unknown', values: { ids: formatSensorIds(unknown), smart_count: unknown.length } });
  if (version?.status === 'Experimental') out.push({ key: 'experimental', values: { version: version.version } });
  if (version?.status === 'Deprecated') out.push({ key: 'deprecated', values: { version: version.version } });
  const groups = new Map<string, number[]>();
  for (const s of sensors) {
    const p = majorMinor(s.version);
    if (p) groups.set(p, [...(groups.get(p) ?? []), s.id]);
  }
  if (version) {
    const own = majorMinor(version.version);
    const other = sensors.filter((s) => majorMinor(s.version) && majorMinor(s.version) !== own).map((s) => s.id);
    if (other.length)
      out.push({
        key: 'incompatible',
        values: { version: version.version, ids: formatSensorIds(other), smart_count: other.length },
      });
  }
  if (groups.size > 1)
    out.push({
      key: 'mixed',
      values: {
        groups: [...groups.entries()]
          .sort(([a], [b]) => a.localeCompare(b, undefined, { numeric: true }))
          .map(([p, list]) => `${p}.x: ${formatSensorIds(list)}`)
          .join('; '),
      },
    });
  return out;
}

// ---------------------------------------------------------------- safe rollouts

export interface RolloutRules {
  autoHalt?: { failedPercent: number; minFinished: number };
  waveSuccessPercent?: number;
  maxRetries?: number;
}

/**
 * The auto-halt rule: once at least `minFinished` sensors finished (Updated or Failed), a share of
 * failures above `failedPercent` halts the rollout. Returns the reason, or null to go on.
 */
export function autoHaltReason(
  rule: RolloutRules['autoHalt'] | undefined,
  counts: { updated: number; failed: number },
): string | null {
  if (!rule) return null;
  const finished = counts.updated + counts.failed;
  if (finished < rule.minFinished || finished === 0) return null;
  const share = (counts.failed * 100) / finished;
  if (share <= rule.failedPercent) return null;
  return `Auto-halted: ${counts.failed} of ${finished} finished sensors failed (${Math.round(share * 10) / 10} % > ${rule.failedPercent} %)`;
}

/** Whether the next wave may go: `waveSuccessPercent` of the previous wave has Updated (no gate: always). */
export function waveGateOpen(percent: number | undefined, previousWave: { size: number; updated: number }): boolean {
  if (percent === undefined || previousWave.size === 0) return true;
  return previousWave.updated * 100 >= percent * previousWave.size;
}

// ---------------------------------------------------------------- progress

/** Most points of a deployment's progress series. */
export const PROGRESS_POINTS = 120;

/** One point of a deployment's progress: how many sensors were in each state at `at`. */
export interface ProgressPoint {
  at: string;
  planned: number;
  in_flight: number;
  updated: number;
  failed: number;
  skipped: number;
}

/**
 * The width of a progress bucket (whole seconds, at least one) so that the span fits the series:
 * the starting point plus at most PROGRESS_POINTS - 1 buckets.
 */
export function progressBucket(firstMs: number, lastMs: number): number {
  const span = Math.max(0, lastMs - firstMs);
  return Math.max(1000, Math.ceil(span / (PROGRESS_POINTS - 2) / 1000) * 1000);
}

// ---------------------------------------------------------------- safe-rollout form

/** The safe-rollout options of the create forms, as typed (text), each rule switched on or off. */
export interface SafeRolloutInput {
  autoHalt: boolean;
  failedPercent: string;
  minFinished: string;
  gate: boolean;
  waveSuccessPercent: string;
  retries: boolean;
  maxRetries: string;
}

/** Every rule off: the spec's behaviour. The numbers are what a rule starts with when switched on. */
export const SAFE_ROLLOUT_OFF: SafeRolloutInput = {
  autoHalt: false,
  failedPercent: '10',
  minFinished: '20',
  gate: false,
  waveSuccessPercent: '90',
  retries: false,
  maxRetries: '2',
};

/** The rules of the switched-on options, as POST /deployments takes them (nothing when all are off). */
export function safeRolloutRules(input: SafeRolloutInput, rolling: boolean): RolloutRules {
  const rules: RolloutRules = {};
  if (input.autoHalt)
    rules.autoHalt = { failedPercent: Number(input.failedPercent), minFinished: Number(input.minFinished) };
  if (input.gate && rolling) rules.waveSuccessPercent = Number(input.waveSuccessPercent);
  if (input.retries) rules.maxRetries = Number(input.maxRetries);
  return rules;
}
