/** Demo installations: placements, moves, removals, suspensions and each sensor's last measurement. */
import type { SensorStatus } from '../../../common/domain';
import { Prng, hashString, roundTo } from '../prng';
import type { Suspension } from '../schema';
import type { ContractorRec, Ctx, InstallationRec, SensorRec } from './context';
import { foldAscii, person, personalEmail, phone } from './helpers';
import {
  ALT_ADDRESSES,
  type City,
  CITY_WEIGHTS,
  CURRENT_INSTALL_STATUSES,
  DAY,
  HOUR,
  MINUTE,
  SUSPENSION_REASONS,
  VOIVODESHIPS,
} from './reference';
import { pickFirmware, releasedAt } from './sensors';

// prettier-ignore
const COMMON_STREETS = [
  'Mickiewicza', 'Słowackiego', 'Kościuszki', 'Piłsudskiego', 'Sienkiewicza', 'Kopernika', 'Jana Pawła II', 'Polna',
  'Leśna', 'Ogrodowa', 'Lipowa', 'Szkolna', 'Kwiatowa', 'Słoneczna', 'Łąkowa', 'Brzozowa', 'Sportowa', 'Kolejowa',
  'Parkowa', 'Zielona', 'Konopnickiej', 'Prusa', 'Reymonta', 'Żeromskiego', 'Chopina', 'Moniuszki', 'Wyspiańskiego',
  'Matejki', 'Narutowicza', 'Batorego', '3 Maja', '11 Listopada', 'Armii Krajowej', 'Wojska Polskiego', 'Piastowska',
  'Jagiellońska', 'Dworcowa', 'Przemysłowa', 'Akacjowa', 'Klonowa', 'Dębowa', 'Cicha', 'Spacerowa', 'Rynek',
  'Krakowska', 'Warszawska', 'Krótka', 'Wiśniowa', 'Różana', 'Graniczna',
];
/** Share of sensors in these statuses that had an installation in the past (now removed). */
const PAST_INSTALL_SHARE: Partial<Record<SensorStatus, number>> = {
  Retired: 0.6,
  ReviewRequired: 0.5,
  ServiceRequired: 0.5,
  InRepair: 0.45,
  ReadyRepaired: 0.4,
  Refurbishment: 0.4,
  Lost: 0.5,
};

interface Placement {
  city: City;
  street: string;
  number: string;
  latitude: number;
  longitude: number;
  mamsl: number;
  numberId: string | null;
}

function streetId(city: City, street: string): string {
  return `W${100_000_000 + (hashString(`${city.osm}|${street}`) % 900_000_000)}`;
}

export function place(r: Prng, city: City): Placement {
  const streets = city.streets && r.chance(0.55) ? city.streets : COMMON_STREETS;
  const street = r.pick(streets);
  let number = String(
    r.weighted([
      [r.int(1, 40), 6],
      [r.int(41, 180), 3],
    ] as const),
  );
  if (r.chance(0.12)) number += r.pick(['A', 'B', 'C']);
  if (r.chance(0.08)) number += `/${r.int(1, 60)}`;
  const jitter = () => (r.next() + r.next() - 1) * city.radius;
  return {
    city,
    street,
    number,
    latitude: roundTo(city.lat + jitter(), 6),
    longitude: roundTo(city.lon + jitter() * 1.6, 6),
    mamsl: roundTo(city.elev + r.float(-12, 25), 1),
    numberId: r.chance(0.3) ? `N${r.digits(10)}` : null,
  };
}

interface InstallationDraft {
  rec: Omit<InstallationRec, 'id' | 'installationId' | 'predecessorId' | 'successorId' | 'date'>;
  predecessor: InstallationDraft | null;
  successor: InstallationDraft | null;
  current: boolean;
}

export function buildInstallations(
  c: Ctx,
  sensorRows: SensorRec[],
  contractorRows: ContractorRec[],
): InstallationRec[] {
  const r = c.root.fork('installations');
  const drafts: InstallationDraft[] = [];
  const contractorIds = contractorRows.map((x) => x.id);

  const makeDraft = (
    sensor: SensorRec,
    p: Placement,
    installationDate: Date,
    status: string,
    current: boolean,
  ): InstallationDraft => {
    const v = VOIVODESHIPS[p.city.voiv];
    const hasContact = r.chance(0.45);
    const contact = hasContact ? person(r) : null;
    const suspensions: Record<string, Suspension> = {};
    if (current && r.chance(0.04)) {
      for (const param of r.sample(sensor.measured, r.int(1, 2))) {
        const from = c.nowMs - r.int(1, 40) * DAY - r.int(0, 23) * HOUR;
        suspensions[param] = {
          suspended: true,
          suspendedFrom: new Date(from).toISOString(),
          suspendedTill: r.chance(0.5) ? new Date(from + r.int(7, 60) * DAY).toISOString() : null,
          reason: r.pick(SUSPENSION_REASONS),
        };
      }
    } else if (r.chance(0.02)) {
      suspensions[r.pick(sensor.measured)] = {
        suspended: false,
        suspendedFrom: null,
        suspendedTill: null,
        reason: null,
      };
    }
    const visibleDefault = sensor.status === 'Installed' ? 0.93 : current ? 0.35 : 0.85;
    return {
      rec: {
        sensorId: sensor.id,
        installationDate,
        removedAt: null,
        contractorId: sensor.contractorId ?? (r.chance(0.5) ? r.pick(contractorIds) : null),
        status,
        providerOwned: r.chance(0.08),
        isVisible: r.chance(visibleDefault),
        mamsl: p.mamsl,
        latitude: p.latitude,
        longitude: p.longitude,
        country: 'Poland',
        countryLocal: 'Polska',
        countryId: 'R49715',
        state: v.en,
        stateLocal: v.pl,
        stateId: v.osm,
        city: p.city.en,
        cityLocal: p.city.local,
        cityId: p.city.osm,
        street: foldAscii(p.street),
        streetLocal: p.street,
        streetId: r.chance(0.9) ? streetId(p.city, p.street) : null,
        number: p.number,
        numberLocal: p.number,
        numberId: p.numberId,
        alternativeAddress1: r.chance(0.15) ? r.pick(ALT_ADDRESSES) : null,
        alternativeAddress2: r.chance(0.05) ? `Kontakt przez portiernię, wew. ${r.int(100, 999)}` : null,
        visibleBy: r.chance(0.12) ? personalEmail(r, person(r)) : null,
        contactFullName: contact ? contact.full : null,
        contactEmail: contact && r.chance(0.85) ? personalEmail(r, contact) : null,
        contactPhoneNumber: contact && r.chance(0.75) ? phone(r) : null,
        installationRequestId: null,
        measured: [...sensor.measured],
        factors: structuredClone(sensor.factors),
        suspensions,
      },
      predecessor: null,
      successor: null,
      current,
    };
  };

  // Sensors with a current installation; about a hundred of them were moved before.
  const currentSensors = sensorRows.filter((s) => CURRENT_INSTALL_STATUSES.includes(s.status));
  const movable = r.shuffle(currentSensors.filter((s) => s.createdAt.getTime() < c.nowMs - 220 * DAY));
  const chainLength = new Map<number, number>();
  movable.slice(0, 90).forEach((s, i) => chainLength.set(s.id, i < 10 ? 3 : 2));

  for (const sensor of currentSensors) {
    const n = chainLength.get(sensor.id) ?? 1;
    const from = sensor.createdAt.getTime() + r.int(3, 30) * DAY;
    const to = c.nowMs - r.int(1, 3) * DAY;
    const dates = [
      from,
      ...Array.from({ length: n - 1 }, () => r.float(from + 30 * DAY, Math.max(from + 31 * DAY, to))),
    ]
      .map((ms) => Math.min(ms, to))
      .sort((a, b) => a - b)
      .map((ms) => new Date(Math.round(ms)));
    if (n === 1) dates[0] = new Date(Math.min(from, to));
    let prev: InstallationDraft | null = null;
    let city = r.weighted(CITY_WEIGHTS);
    for (let k = 0; k < n; k++) {
      if (k > 0 && r.chance(0.45)) city = r.weighted(CITY_WEIGHTS);
      const last = k === n - 1;
      const d = makeDraft(sensor, place(r, city), dates[k]!, last ? sensor.status : 'Installed', last);
      if (!last && r.chance(0.2)) d.rec.contractorId = r.pick(contractorIds);
      if (prev) {
        prev.successor = d;
        prev.rec.removedAt = d.rec.installationDate;
        d.predecessor = prev;
      }
      drafts.push(d);
      prev = d;
    }
  }

  // Sensors now in service, lost or retired: many had an installation that was removed.
  for (const sensor of sensorRows) {
    const share = PAST_INSTALL_SHARE[sensor.status];
    const created = sensor.createdAt.getTime();
    if (sensor.status === 'Retired') {
      sensor.retiredAt = new Date(Math.round(r.float(Math.min(created + 200 * DAY, c.nowMs - 5 * DAY), c.nowMs - DAY)));
    }
    if (share === undefined || !r.chance(share)) continue;
    const endMs = sensor.retiredAt ? sensor.retiredAt.getTime() - DAY : c.nowMs - 2 * DAY;
    const startMs = Math.min(created + r.int(3, 30) * DAY, endMs - 20 * DAY);
    const installed = r.float(startMs, Math.max(startMs + DAY, endMs - 15 * DAY));
    const removed = r.float(installed + 10 * DAY, Math.max(installed + 11 * DAY, endMs));
    const d = makeDraft(
      sensor,
      place(r, r.weighted(CITY_WEIGHTS)),
      new Date(Math.round(installed)),
      sensor.status,
      false,
    );
    d.rec.removedAt = new Date(Math.round(Math.min(removed, c.nowMs - DAY)));
    d.rec.isVisible = false;
    drafts.push(d);
  }

  // Row ids and business numbers grow with the installation date.
  drafts.sort(
    (a, b) => a.rec.installationDate.getTime() - b.rec.installationDate.getTime() || a.rec.sensorId - b.rec.sensorId,
  );
  const ids = new Map<InstallationDraft, number>();
  let business = 1000;
  const rows: InstallationRec[] = drafts.map((d, i) => {
    ids.set(d, i + 1);
    if (i > 0)
      business += r.weighted([
        [1, 80],
        [2, 10],
        [r.int(3, 9), 10],
      ] as const);
    return {
      id: i + 1,
      installationId: business,
      predecessorId: null,
      successorId: null,
      date: d.rec.installationDate,
      ...d.rec,
    };
  });
  drafts.forEach((d, i) => {
    const row = rows[i]!;
    row.predecessorId = d.predecessor ? ids.get(d.predecessor)! : null;
    row.successorId = d.successor ? ids.get(d.successor)! : null;
    if (d.current) sensorRows[row.sensorId - 1]!.currentInstallationId = row.id;
  });

  // Last measurement per sensor, consistent with its state; sensors that stopped reporting keep
  // a firmware released while they were still alive.
  const fit = c.root.fork('firmware-fit');
  for (const sensor of sensorRows) {
    sensor.lastMeasurementAt = lastMeasurement(r, c, sensor, rows);
    if (!sensor.firmwareVersion || CURRENT_INSTALL_STATUSES.includes(sensor.status)) continue;
    const aliveMs =
      sensor.retiredAt?.getTime() ?? sensor.lastMeasurementAt?.getTime() ?? sensor.createdAt.getTime() + 2 * DAY;
    if (releasedAt(c, sensor.communication, sensor.firmwareVersion) > aliveMs) {
      sensor.firmwareVersion = pickFirmware(fit, c, sensor.communication, aliveMs);
    }
  }
  return rows;
}

function lastMeasurement(r: Prng, c: Ctx, sensor: SensorRec, rows: InstallationRec[]): Date | null {
  const ago = (ms: number) => new Date(c.nowMs - Math.round(ms));
  const current = sensor.currentInstallationId ? rows[sensor.currentInstallationId - 1]! : null;
  if (current) {
    const sinceInstall = c.nowMs - current.installationDate.getTime();
    const pick = (ms: number) => ago(Math.min(ms, sinceInstall - HOUR));
    switch (sensor.status) {
      case 'Installed':
        return r.weighted<() => Date | null>([
          [() => pick(r.float(0.2, 12) * MINUTE), 82],
          [() => pick(r.float(21, 480) * MINUTE), 8],
          [() => pick(r.float(1, 10) * DAY), 8],
          [() => null, 2],
        ])();
      case 'Suspended':
        return r.chance(0.5) ? pick(r.float(0.5, 15) * MINUTE) : pick(r.float(1, 20) * DAY);
      default:
        return r.chance(0.3) ? pick(r.float(0.5, 15) * MINUTE) : pick(r.float(3, 60) * DAY);
    }
  }
  const past = rows.filter((x) => x.sensorId === sensor.id && x.removedAt);
  const lastRemoved = past.length ? past[past.length - 1]!.removedAt : null;
  if (lastRemoved) return new Date(lastRemoved.getTime() - Math.round(r.float(0.1, 48) * HOUR));
  if (sensor.status === 'InProduction') return null;
  // Factory test run shortly after production.
  return r.chance(0.4) ? new Date(sensor.createdAt.getTime() + Math.round(r.float(1, 48) * HOUR)) : null;
}
