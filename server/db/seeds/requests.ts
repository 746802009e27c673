/** Demo installation requests: every state and client type, submitted and staff notes, and photos. */
import { REQUEST_STATES, REQUEST_TYPES } from '../../../common/domain';
import { roundTo } from '../prng';
import { files, installationRequests, requestImages } from '../schema';
import type { ContractorRec, Ctx, InstallationRec, SensorRec } from './context';
import { fromCounts, pad, person, personalEmail, phone, spread } from './helpers';
import { demoPictures } from './pictures';
import { place } from './installations';
import { CITIES, CITY_WEIGHTS, DAY, HOUR } from './reference';

// prettier-ignore
const REQUEST_NOTES = {
  pl: ['Proszę o kontakt przed montażem, domofon nie działa.', 'Czujnik ma być zamontowany na balkonie na 3 piętrze.', 'Montaż możliwy tylko w weekend.', 'Mamy gniazdko na zewnątrz budynku.', 'Szkoła chce pokazywać dane uczniom na tablicy.', 'Przenosimy czujnik na drugą stronę budynku, od ulicy.', 'Wi-Fi w zasięgu, hasło podamy na miejscu.', null],
  en: ['Please call before arrival, the gate is locked.', 'We would like the sensor on the roof terrace.', 'Installation only possible on weekdays after 4 pm.', 'We are moving office, please reinstall at the new address.', 'Power outlet available on the balcony.', null],
} as const;
// prettier-ignore
const STAFF_NOTES = ['Called the client, waiting for photos of the balcony.', 'Technician scheduled for next week.', 'No Wi-Fi coverage at the location, offered a GSM sensor.', 'Duplicate of an earlier request.', 'Client asked to postpone until spring.', 'Location too close to a chimney, asked for another spot.', 'Confirmed by phone.', 'Contract not signed yet.'];

export function buildRequests(
  c: Ctx,
  sensorRows: SensorRec[],
  inst: InstallationRec[],
  contractorRows: ContractorRec[],
) {
  const r = c.root.fork('requests');
  const states = fromCounts(r, { WAITING: 62, HOLD: 38, REJECTED: 46, DONE: 74 } satisfies Record<
    (typeof REQUEST_STATES)[number],
    number
  >);
  const clientTypes = spread(r, { ECOMMERCE: 45, ENTERPRISE: 20, PARTNER: 25, EMPTY: 10 }, states.length);
  const businesses = contractorRows.filter((x) => x.type !== 'INDIVIDUAL').map((x) => x.id);
  const individuals = contractorRows.filter((x) => x.type === 'INDIVIDUAL').map((x) => x.id);
  const waitingSensors = sensorRows
    .filter((s) => ['Ready', 'ForInstallation', 'InShipping'].includes(s.status))
    .map((s) => s.id);
  const installedSensors = sensorRows.filter((s) => s.status === 'Installed').map((s) => s.id);
  const recent = inst.filter((x) => x.removedAt === null && x.installationDate.getTime() > c.nowMs - 400 * DAY);
  const doneMoved = r.shuffle(recent.filter((x) => x.predecessorId !== null));
  const doneNew = r.shuffle(recent.filter((x) => x.predecessorId === null));

  type Draft = Omit<typeof installationRequests.$inferInsert, 'id'> & {
    createdAt: Date;
    linked: InstallationRec | null;
  };
  const drafts: Draft[] = states.map((state, i): Draft => {
    const clientType = clientTypes[i]!;
    const language = r.chance(0.65) ? 'pl' : 'en';
    const who = person(r);
    let linked: InstallationRec | null = null;
    let requestType: (typeof REQUEST_TYPES)[number];
    if (state === 'DONE') {
      requestType = doneMoved.length > 0 && r.chance(0.35) ? 'REINSTALLATION' : 'INSTALLATION';
      linked = (requestType === 'REINSTALLATION' ? doneMoved.pop() : doneNew.pop()) ?? doneNew.pop() ?? null;
    } else {
      requestType = r.chance(0.3) ? 'REINSTALLATION' : 'INSTALLATION';
    }
    const linkedCityId = linked?.cityId;
    const city = linkedCityId ? CITIES.find((x) => x.osm === linkedCityId)! : r.weighted(CITY_WEIGHTS);
    const p = place(r, city);
    const street = linked ? linked.streetLocal : p.street;
    const number = linked ? linked.numberLocal : p.number;
    const lat = linked ? roundTo(linked.latitude + r.float(-0.0004, 0.0004), 6) : p.latitude;
    const lon = linked ? roundTo(linked.longitude + r.float(-0.0006, 0.0006), 6) : p.longitude;
    const createdMs = linked
      ? linked.installationDate.getTime() - r.int(3, 40) * DAY - r.int(0, 23) * HOUR
      : state === 'WAITING'
        ? c.nowMs - r.float(0.1, 45) * DAY
        : state === 'HOLD'
          ? c.nowMs - r.float(5, 120) * DAY
          : c.nowMs - r.float(20, 400) * DAY;
    const createdAt = new Date(Math.round(createdMs));
    const updatedAt = linked
      ? linked.installationDate
      : state === 'WAITING'
        ? createdAt
        : new Date(Math.round(r.float(createdMs + HOUR, Math.min(c.nowMs, createdMs + 20 * DAY))));
    const sensorId = linked
      ? linked.sensorId
      : requestType === 'REINSTALLATION'
        ? r.pick(installedSensors)
        : r.chance(0.6)
          ? r.pick(waitingSensors)
          : null;
    const contractorId = linked
      ? linked.contractorId
      : clientType === 'PARTNER' || clientType === 'ENTERPRISE'
        ? r.pick(businesses)
        : clientType === 'ECOMMERCE' && r.chance(0.3)
          ? r.pick(individuals)
          : null;
    const notes = r.pick(REQUEST_NOTES[language]);
    return {
      sensorId,
      requestType,
      clientType,
      createdAt,
      address: `${street} ${number}, ${r.pick(city.postal)}-${pad(r.int(0, 999), 3)} ${city.local}`,
      latitude: lat,
      longitude: lon,
      locationFromAddress: r.chance(0.4),
      email: personalEmail(r, who),
      phone: r.chance(0.85) ? phone(r) : null,
      language,
      contractorId,
      notes,
      staffNotes:
        state !== 'WAITING' && r.chance(0.55)
          ? r.pick(STAFF_NOTES)
          : state === 'WAITING' && r.chance(0.15)
            ? r.pick(STAFF_NOTES)
            : null,
      state,
      updatedAt,
      linked,
    };
  });
  drafts.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return drafts.map(({ linked, ...row }, i) => {
    const id = i + 1;
    if (linked) linked.installationRequestId = id;
    return { id, ...row };
  });
}

/** Where a photo of a request was taken (the `location` of an image). */
const PHOTO_PLACES = ['Balcony', 'Roof', 'Façade', 'Window', 'Power outlet', 'Mounting point', 'Garden', 'Street view'];
const PICTURES = 12;

/**
 * Photos of the requests: about half of them carry one to three of a few distinct pictures
 * (content-addressed, so each picture is stored once). The `files` rows are returned with their
 * bytes, which the seed writes to the file store when it has one.
 */
export function buildRequestImages(c: Ctx, requests: readonly { id: number; createdAt: Date }[]) {
  const r = c.root.fork('request-images');
  const pictures = demoPictures(r, PICTURES);
  const images: (typeof requestImages.$inferInsert)[] = [];
  for (const request of requests) {
    if (!r.chance(0.5)) continue;
    const count = r.int(1, 3);
    for (let i = 0; i < count; i++)
      images.push({
        requestId: request.id,
        fileKey: r.pick(pictures).key,
        location: r.chance(0.85) ? r.pick(PHOTO_PLACES) : null,
        createdAt: new Date(request.createdAt.getTime() + i * 60_000),
      });
  }
  const fileRows: (typeof files.$inferInsert & { bytes: Buffer })[] = pictures.map((p, i) => ({
    key: p.key,
    kind: 'image',
    contentType: 'image/png',
    size: p.bytes.length,
    sha256: p.sha256,
    originalName: `request-photo-${pad(i + 1, 2)}.png`,
    createdAt: c.now,
    bytes: p.bytes,
  }));
  return { files: fileRows, images };
}
