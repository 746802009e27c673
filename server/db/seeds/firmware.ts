/** Demo firmware of the three device families: versions, binaries, Wi-Fi commits, deployments and the GSM updater's sensor states. */
import crypto from 'node:crypto';
import type { Communication, UpdaterStatus } from '../../../common/domain';
import { ADMIN_ROLE } from '../../../common/permissions';
import { Prng } from '../prng';
import { ROLLOUT_WALKS } from '../../../common/firmware';
import { deploymentSensorEvents, deploymentSensors, deployments, firmwareBinaries, firmwareVersions } from '../schema';
import { agoMs, type Ctx, type SensorRec } from './context';
import { fromCounts, slug } from './helpers';
import {
  CURRENT_INSTALL_STATUSES,
  DAY,
  GEN3_VERSIONS,
  GSM_SIMULATED_FAILURE_RATES,
  GSM_VERSIONS,
  HOUR,
  MINUTE,
  WIFI_VERSIONS,
  wifiCommitAgeDays,
} from './reference';
import { pickFirmware, releasedAt } from './sensors';
import type { StaffRec } from './staff';

// prettier-ignore
const WIFI_COMMIT_MESSAGES = [
  'Initial support for ESP32-S3 boards', 'Fix reconnect loop after DHCP lease renewal', 'Add captive portal timeout',
  'Report RSSI with every measurement', 'Bump ESP-IDF to 5.1.2', 'Fix NTP drift on long uptime', 'Store Wi-Fi credentials encrypted',
  'Reduce PM sensor warm-up to 30 s', 'Add WPA3 transition mode', 'Fix OTA rollback when image hash mismatches',
  'Send heartbeat every 5 minutes', 'Improve humidity compensation for PM readings', 'Refactor MQTT client and add backoff',
  'Add support for SEN55 sensor module', 'Fix watchdog reset during OTA download', 'Lower TX power in dense deployments',
  'Add factory reset by long press', 'Fix temperature offset on enclosure v3', 'Expose firmware build id in status topic',
  'Release 2.7.1',
];
const WIFI_AUTHORS = ['Kamil Nowicki', 'Joanna Pietrzak', 'Bartosz Górski', 'Alicja Baran', 'Filip Sikora'] as const;

function deterministicSha256(content: string): string {
  return crypto.createHash('sha256').update(content).digest('hex');
}

export function buildFirmware(c: Ctx, sensorRows: SensorRec[], staff: StaffRec[]) {
  const r = c.root.fork('firmware');
  const versions: (typeof firmwareVersions.$inferInsert)[] = [];
  const binaries: (typeof firmwareBinaries.$inferInsert)[] = [];
  const creators = staff.filter((s) => s.role === ADMIN_ROLE || s.role === 'technician').map((s) => s.id);

  for (const [version, status, description, ageDays] of GSM_VERSIONS) {
    const createdAt = agoMs(c, ageDays * DAY + r.int(0, DAY));
    versions.push({
      family: 'gsm',
      version,
      description,
      status,
      createdAt,
      simulatedFailureRate: GSM_SIMULATED_FAILURE_RATES[version] ?? null,
    });
    for (const bank of [0, 1]) {
      const id = r.uuid();
      binaries.push({
        id,
        family: 'gsm',
        version,
        module: null,
        bank,
        description: `Bank ${bank} image`,
        fileKey: `seed/${id}`,
        hash: deterministicSha256(`gsm:${version}:bank${bank}`),
        active: true,
        createdAt,
      });
    }
  }
  GEN3_VERSIONS.forEach(([version, status, description, ageDays], vi) => {
    const createdAt = agoMs(c, ageDays * DAY + r.int(0, DAY));
    versions.push({ family: 'gen3', version, description, status, createdAt });
    for (const module of [1, 2, 3]) {
      const builds = module === 1 ? r.int(1, 3) : r.int(0, 2);
      for (let b = 0; b < builds; b++) {
        const id = r.uuid();
        binaries.push({
          id,
          family: 'gen3',
          version,
          module,
          bank: null,
          description: [`Main MCU build ${b + 1}`, `Modem firmware build ${b + 1}`, `Sensor board build ${b + 1}`][
            module - 1
          ]!,
          fileKey: `seed/${id}`,
          hash: deterministicSha256(`gen3:${version}:module${module}:build${b}`),
          // the newest build of each module is active, except on the newest (untested) version
          active: b === builds - 1 && vi < GEN3_VERSIONS.length - 1,
          createdAt: new Date(createdAt.getTime() + b * 3 * DAY + module * HOUR),
        });
      }
    }
  });

  // Wi-Fi commits, oldest first.
  const commits = WIFI_COMMIT_MESSAGES.map((description, i) => {
    const tagged = WIFI_VERSIONS.find((v) => v[2] === i);
    return {
      hash: r.hex(40),
      description,
      author: r.pick(WIFI_AUTHORS),
      branches:
        i === WIFI_COMMIT_MESSAGES.length - 1
          ? ['main', 'develop']
          : i >= 17
            ? ['develop']
            : i % 7 === 5
              ? [`feature/${slug(description).split('-').slice(0, 3).join('-')}`]
              : ['main'],
      tags: tagged ? [`v${tagged[0].split('.').slice(0, 3).join('.')}`] : [],
      createdAt: agoMs(c, wifiCommitAgeDays(i) * DAY - r.int(0, DAY)),
    };
  });

  // Deployments of all three families, ids in creation order. Targets are sensors installed now
  // that already existed when the deployment started.
  const pool = (comms: Communication[], beforeMs: number) =>
    sensorRows
      .filter(
        (s) =>
          comms.includes(s.communication) &&
          CURRENT_INSTALL_STATUSES.includes(s.status) &&
          s.createdAt.getTime() < beforeMs - 7 * DAY,
      )
      .map((s) => s.id);
  const gsmTargets = GSM_VERSIONS.filter((v) => v[1] !== 'Deprecated' || v[0] === '4.2.0.12');
  /** The version a sensor reported before a deployment started: something released earlier. */
  const before = (comm: Communication, version: string, fromMs: number) => {
    const release = releasedAt(c, comm, version);
    return pickFirmware(r, c, comm, Math.min(fromMs, release) - DAY, release - 400 * DAY);
  };

  type DeploymentDraft = Omit<typeof deployments.$inferInsert, 'id'> & {
    createdAt: Date;
    fromDate: Date;
    rows: Omit<typeof deploymentSensors.$inferInsert, 'deploymentId'>[];
  };
  const drafts: DeploymentDraft[] = [];

  const gsmStatuses = fromCounts(r, { Rolling: 3, Finished: 9, Halted: 3 });
  gsmStatuses.forEach((status) => {
    const [version, , , ageDays] = status === 'Rolling' ? r.pick(gsmTargets.slice(-3)) : r.pick(gsmTargets);
    // Finished and halted rollouts started within a few months of the release.
    const fromMs =
      status === 'Rolling'
        ? c.nowMs - r.float(2, 40) * HOUR
        : c.nowMs - r.float(Math.max(2, ageDays - 150), Math.max(3, ageDays - 1)) * DAY;
    const strategy = r.chance(0.7) ? 'ROLLING' : 'IMMEDIATE';
    const ids = r.sample(pool(['GSM', 'NBIOT'], fromMs), r.int(3, 40)).sort((a, b) => a - b);
    const rows = ids.map((sensorId, k) => {
      const st: UpdaterStatus =
        status === 'Finished'
          ? r.weightedKey({ Updated: 86, Failed: 7, Skipped: 4, Warning: 3 })
          : status === 'Halted'
            ? k < ids.length / 3
              ? r.weightedKey({ Updated: 8, Failed: 2 })
              : r.weightedKey({ Skipped: 6, Failed: 2, UpdatePlanned: 2 })
            : k < ids.length / 2
              ? r.weightedKey({ Updated: 8, Failed: 1 })
              : k < (ids.length * 2) / 3
                ? r.weightedKey({ Updating: 3, UpdatePending: 3, UpdateQueued: 2 })
                : 'UpdatePlanned';
      const touched = st !== 'UpdatePlanned' && st !== 'Skipped';
      const contact = touched ? new Date(Math.round(r.float(fromMs, Math.min(c.nowMs, fromMs + 3 * DAY)))) : null;
      return {
        sensorId,
        status: st,
        version,
        reportsVersion: st === 'Updated' ? version : before(sensorRows[sensorId - 1]!.communication, version, fromMs),
        bank: r.int(0, 1),
        binary: null,
        lastContact: contact,
        lastUpdated: st === 'Updated' && contact ? contact : null,
        hasLogs: false,
        logs: null,
      };
    });
    drafts.push({
      family: 'gsm',
      sensors: ids,
      version,
      commit: null,
      status,
      strategy,
      fromDate: new Date(Math.round(fromMs)),
      tillDate: status === 'Rolling' ? null : new Date(Math.round(fromMs + r.float(2, 72) * HOUR)),
      atOnce: strategy === 'ROLLING' ? r.int(1, 5) : ids.length,
      spacing: strategy === 'ROLLING' ? r.pick([1800, 3600, 7200]) : null,
      testTime: r.pick([3600, 3600, 7200]),
      allowFailed: r.chance(0.2),
      blockedSensors:
        status === 'Halted' || (status === 'Finished' && r.chance(0.25))
          ? rows
              .filter((x) => x.status === 'Failed')
              .map((x) => x.sensorId)
              .slice(0, 3)
          : [],
      appliedDate: null,
      createdBy: r.pick(creators),
      createdAt: new Date(Math.round(fromMs - r.float(1, 30) * MINUTE)),
      rows,
    });
  });

  /** `git describe`-like version of a commit: the tag's version, or the last tag plus the hash. */
  const describe = (i: number) => {
    const tagged = WIFI_VERSIONS.filter((v) => v[2] <= i);
    const base = tagged.length ? tagged[tagged.length - 1]! : WIFI_VERSIONS[0];
    return base[2] === i ? base[0] : `${base[0]}-g${commits[i]!.hash.slice(0, 7)}`;
  };
  const wifiStatuses = fromCounts(r, { Rolling: 2, Finished: 5, Halted: 1 });
  wifiStatuses.forEach((status) => {
    const firstTag = WIFI_VERSIONS[0][2];
    const index =
      status === 'Rolling' ? r.int(commits.length - 3, commits.length - 1) : r.int(firstTag, commits.length - 1);
    const commit = commits[index]!;
    const fromMs =
      status === 'Rolling'
        ? c.nowMs - r.float(1, 30) * HOUR
        : Math.min(c.nowMs - 2 * DAY, commit.createdAt.getTime() + r.float(1, 20) * DAY);
    const ids = r.sample(pool(['WIFI'], fromMs), r.int(3, 25)).sort((a, b) => a - b);
    const version = describe(index);
    const strategy = r.chance(0.6) ? 'ROLLING' : 'IMMEDIATE';
    const rows = ids.map((sensorId, k) => {
      const st: UpdaterStatus =
        status === 'Finished'
          ? r.weightedKey({ Deployed: 85, Failed: 6, Obsolete: 5, Skipped: 4 })
          : status === 'Halted'
            ? k < ids.length / 2
              ? r.weightedKey({ Deployed: 7, Failed: 3 })
              : 'Skipped'
            : r.weightedKey({
                Deployed: 4,
                Testing: 2,
                Uploading: 1,
                Building: 1,
                Requested: 1,
                Pending: 1,
                Queued: 2,
                Enrolled: 2,
              });
      const built = !['Enrolled', 'Queued', 'Requested', 'Skipped'].includes(st);
      const contact =
        st === 'Enrolled' || st === 'Skipped'
          ? null
          : new Date(Math.round(r.float(fromMs, Math.min(c.nowMs, fromMs + 2 * DAY))));
      return {
        sensorId,
        status: st,
        version,
        reportsVersion:
          st === 'Deployed'
            ? version
            : pickFirmware(r, c, 'WIFI', Math.min(fromMs, commit.createdAt.getTime()) - DAY, fromMs - 300 * DAY),
        bank: null,
        binary: built ? r.hex(24) : null,
        lastContact: contact,
        lastUpdated: st === 'Deployed' ? contact : null,
        hasLogs: built,
        logs: built ? wifiBuildLog(r, commit.hash, sensorId, st) : null,
      };
    });
    drafts.push({
      family: 'wifi',
      sensors: ids,
      version,
      commit: commit.hash,
      status,
      strategy,
      fromDate: new Date(Math.round(fromMs)),
      tillDate: status === 'Rolling' ? null : new Date(Math.round(fromMs + r.float(3, 48) * HOUR)),
      atOnce: strategy === 'ROLLING' ? r.int(2, 10) : ids.length,
      spacing: strategy === 'ROLLING' ? r.pick([1800, 3600]) : null,
      testTime: 3600,
      allowFailed: r.chance(0.25),
      blockedSensors: status === 'Halted' ? rows.filter((x) => x.status === 'Failed').map((x) => x.sensorId) : [],
      appliedDate: null,
      createdBy: r.pick(creators),
      createdAt: new Date(Math.round(fromMs - r.float(1, 30) * MINUTE)),
      rows,
    });
  });

  const gen3Targets = GEN3_VERSIONS.slice(1);
  for (let k = 0; k < 10; k++) {
    const [version, , , ageDays] = r.pick(gen3Targets);
    const applied = k < 7;
    const createdMs = c.nowMs - (applied ? r.float(1, Math.max(2, ageDays - 1)) * DAY : r.float(1, 36) * HOUR);
    const sensorId = r.pick(pool(['LORA', 'OTHER'], createdMs));
    drafts.push({
      family: 'gen3',
      sensors: [sensorId],
      version,
      commit: null,
      status: applied ? 'Deployed' : 'Pending',
      strategy: null,
      fromDate: new Date(Math.round(createdMs)),
      tillDate: null,
      atOnce: null,
      spacing: null,
      testTime: null,
      allowFailed: false,
      blockedSensors: [],
      appliedDate: applied ? new Date(Math.round(createdMs + r.float(0.2, 30) * HOUR)) : null,
      createdBy: r.pick(creators),
      createdAt: new Date(Math.round(createdMs)),
      rows: [],
    });
  }

  drafts.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const deploymentRows = drafts.map(({ rows: _rows, ...d }, i) => ({ id: i + 1, ...d }));
  const deploymentSensorRows = drafts.flatMap((d, i) => d.rows.map((row) => ({ deploymentId: i + 1, ...row })));

  // A sensor now reports what its latest deployment left it with (later deployments win).
  const lastUpdate = new Map<number, { bank: number | null; at: Date | null }>();
  const liveStatus = new Map<number, UpdaterStatus>();
  for (const d of drafts) {
    for (const row of d.rows) {
      const sensor = sensorRows[row.sensorId - 1]!;
      if (row.reportsVersion) sensor.firmwareVersion = row.reportsVersion;
      if (d.family === 'gsm' && row.status === 'Updated')
        lastUpdate.set(row.sensorId, { bank: row.bank ?? null, at: row.lastUpdated ?? null });
      if (d.family === 'gsm' && d.status === 'Rolling') liveStatus.set(row.sensorId, row.status as UpdaterStatus);
    }
    if (d.family === 'gen3' && d.appliedDate && d.version) sensorRows[d.sensors[0]! - 1]!.firmwareVersion = d.version;
  }

  // The GSM updater's view of every GSM and NB-IoT sensor.
  const updater = sensorRows
    .filter((s) => s.communication === 'GSM' || s.communication === 'NBIOT')
    .map((s) => {
      const live = liveStatus.get(s.id);
      const reporting = s.lastMeasurementAt !== null && s.status !== 'Retired';
      const status: UpdaterStatus =
        live && live !== 'Updated'
          ? live
          : !reporting
            ? 'Ok'
            : r.weightedKey({
                Ok: 80,
                Failed: 6,
                Updated: 4,
                Warning: 3,
                UpdatePending: 2,
                Updating: 1,
                RestartRequired: 2,
                IdleRequired: 2,
              });
      const update = lastUpdate.get(s.id);
      const lastContact = s.lastMeasurementAt ? new Date(s.lastMeasurementAt.getTime() + r.int(0, 90) * 1000) : null;
      return {
        family: 'gsm',
        sensorId: s.id,
        version: s.firmwareVersion,
        bank: update?.bank ?? r.int(0, 1),
        status,
        lastContact: lastContact && lastContact.getTime() > c.nowMs ? c.now : lastContact,
        lastUpdated:
          update?.at ??
          (s.firmwareVersion
            ? new Date(Math.round(r.float(s.createdAt.getTime(), Math.max(s.createdAt.getTime(), c.nowMs - 3 * DAY))))
            : null),
        idleUntil: status === 'IdleRequired' ? new Date(c.nowMs + r.int(5, 30) * MINUTE) : null,
      };
    });

  return {
    versions,
    binaries,
    commits,
    deployments: deploymentRows,
    deploymentSensors: deploymentSensorRows,
    deploymentSensorEvents: deploymentRows.flatMap((d, i) => timelineOf(d, drafts[i]!.rows, c.nowMs)),
    updater,
  };
}

const FINAL_MESSAGES: Record<string, (version: string) => string> = {
  Failed: () => 'Failed: the update failed',
  Obsolete: () => 'Superseded by a newer deployment',
  Warning: (v) => `Sensor reports ${v} with a warning`,
};

/**
 * The timeline of every sensor of a seeded GSM or Wi-Fi deployment, consistent with where the
 * sensor ended: planned when the deployment was created, released with its wave, each status of
 * the family's walk in turn, and its final status at its last contact.
 */
function timelineOf(
  d: typeof deployments.$inferInsert & { id: number; createdAt: Date; fromDate: Date },
  rows: readonly Omit<typeof deploymentSensors.$inferInsert, 'deploymentId'>[],
  nowMs: number,
): (typeof deploymentSensorEvents.$inferInsert)[] {
  if (d.family !== 'gsm' && d.family !== 'wifi') return [];
  const walk = ROLLOUT_WALKS[d.family];
  const deployed = d.version ?? d.commit ?? '';
  const events: (typeof deploymentSensorEvents.$inferInsert)[] = [];
  rows.forEach((row, k) => {
    const add = (at: number, fromStatus: string | null, status: string, message: string) =>
      events.push({
        deploymentId: d.id,
        sensorId: row.sensorId,
        at: new Date(Math.round(at)),
        fromStatus,
        status,
        message,
      });
    add(d.createdAt.getTime(), null, walk.planned, `Planned: ${deployed} (${d.strategy ?? 'IMMEDIATE'})`);
    if (row.status === walk.planned) return;
    if (row.status === 'Skipped') {
      const at = d.tillDate?.getTime() ?? Math.min(nowMs, d.fromDate.getTime() + HOUR);
      add(
        at,
        walk.planned,
        'Skipped',
        d.status === 'Halted' ? 'Skipped: the deployment was halted' : 'Skipped by the updater',
      );
      return;
    }
    const reached = walk.inFlight.indexOf(row.status);
    const path = reached >= 0 ? walk.inFlight.slice(0, reached + 1) : [...walk.inFlight];
    const final = reached >= 0 ? null : row.status;
    const wave = Math.floor(k / Math.max(1, d.atOnce ?? rows.length));
    const end = Math.min(nowMs, row.lastContact?.getTime() ?? d.fromDate.getTime() + (wave + 1) * 10 * MINUTE);
    const steps = path.length + (final ? 1 : 0);
    const created = d.createdAt.getTime();
    const release = Math.max(
      created,
      Math.min(d.fromDate.getTime() + wave * (d.spacing ?? 0) * 1000, end - steps * MINUTE),
    );
    const stepMs = Math.max(0, end - release) / Math.max(1, steps - 1);
    path.forEach((status, i) =>
      add(
        release + i * stepMs,
        i === 0 ? walk.planned : path[i - 1]!,
        status,
        i === 0 ? `Released in wave ${wave + 1}` : (walk.messages[status] ?? status),
      ),
    );
    if (final)
      add(
        Math.max(end, release),
        path.at(-1)!,
        final,
        final === walk.success ? `Sensor reports ${deployed}` : (FINAL_MESSAGES[final]?.(deployed) ?? final),
      );
  });
  return events;
}

function wifiBuildLog(r: Prng, commit: string, sensorId: number, status: string): string {
  const lines = [
    `[build] checkout ${commit}`,
    `[build] configuring target esp32s3 for sensor ${sensorId}`,
    `[build] compiling ${r.int(380, 460)} sources`,
    `[build] image size ${r.int(1100, 1500)} KiB, partition ota_${r.int(0, 1)}`,
    `[upload] signed image sha256 ${r.hex(16)}…`,
  ];
  if (status === 'Failed')
    lines.push(`[device] download interrupted at ${r.int(10, 95)}%, giving up after 3 retries`, '[result] FAILED');
  else if (status === 'Deployed' || status === 'Obsolete')
    lines.push(
      '[device] image verified, rebooting',
      `[device] reported new version after ${r.int(20, 90)} s`,
      '[result] OK',
    );
  else lines.push('[device] waiting for the sensor to check in');
  return lines.join('\n');
}
