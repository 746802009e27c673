/** Demo tag values of sensors, installations and contractors. */
import type { TagContext } from '../../../common/domain';
import type { TagValue } from '../schema';
import type { ContractorRec, Ctx, InstallationRec, SensorRec, TagRec } from './context';
import { isoDay, pad, person } from './helpers';
import { DAY, PRE_INSTALL_STATUSES } from './reference';

export function buildTagValues(
  c: Ctx,
  tagRows: TagRec[],
  sensorRows: SensorRec[],
  inst: InstallationRec[],
  contractorRows: ContractorRec[],
) {
  const r = c.root.fork('tag-values');
  const byContext = (ctx: TagContext) => tagRows.filter((t) => t.context === ctx);
  const bool = (): boolean | null => (r.chance(0.85) ? r.chance(0.6) : null);
  const sensorsOut: { entityId: number; tagId: number; value: TagValue }[] = [];
  const installationsOut: { entityId: number; tagId: number; value: TagValue }[] = [];
  const contractorsOut: { entityId: number; tagId: number; value: TagValue }[] = [];
  const byInstallation = new Map<number, Record<string, TagValue>>();

  for (const s of sensorRows) {
    for (const tag of byContext('sensors')) {
      let value: TagValue | undefined;
      switch (tag.name) {
        case 'Production batch':
          if (r.chance(0.6))
            value = `B${s.createdAt.getUTCFullYear()}-${pad(Math.ceil((s.createdAt.getUTCMonth() + 1) * 4.3), 2)}`;
          break;
        case 'PM sensor drift':
          if (r.chance(0.25)) value = r.float(-4, 4, 2);
          break;
        case 'Hardware revision':
          if (r.chance(0.5))
            value = s.createdAt.getTime() > c.nowMs - 500 * DAY ? r.pick([4, 5]) : r.pick([2, 3, 3, 4]);
          break;
        case 'Service notes':
          if (!PRE_INSTALL_STATUSES.includes(s.status) && s.status !== 'Installed' ? r.chance(0.6) : r.chance(0.05))
            value = r.pick([
              'Replaced the PM sensor fan.',
              'Water inside the enclosure, dried and resealed.',
              'Modem antenna loose, fixed on site.',
              'Returned by the client, no visible damage.',
              'Humidity readings stuck at 100%, board replaced.',
              'Sensor unreachable since the storm, power supply checked.',
            ]);
          break;
        case 'Heated inlet':
          if (r.chance(0.4)) value = bool();
          break;
        case 'Warranty':
          if (r.chance(0.45)) value = s.createdAt.getTime() > c.nowMs - 730 * DAY ? r.chance(0.9) : bool();
          break;
        case 'Enclosure':
          if (r.chance(0.55)) value = r.weightedKey({ Standard: 6, Compact: 2, Industrial: 1, Rooftop: 1 });
          break;
        case 'SIM operator':
          if ((s.communication === 'GSM' || s.communication === 'NBIOT') && r.chance(0.8)) value = r.pick(tag.values);
          break;
        case 'Firmware build':
          if (s.firmwareVersion && r.chance(0.7))
            value = `fw-build-${s.firmwareVersion.replace(/\./g, '')}-${r.hex(7)}`;
          break;
      }
      if (value !== undefined) sensorsOut.push({ entityId: s.id, tagId: tag.id, value });
    }
  }

  for (const x of inst) {
    const tagsOf: Record<string, TagValue> = {};
    for (const tag of byContext('installations')) {
      let value: TagValue | undefined;
      switch (tag.name) {
        case 'Mounting':
          if (r.chance(0.6)) value = r.weightedKey({ Balcony: 5, Wall: 4, Pole: 2, Roof: 2, Window: 1 });
          break;
        case 'Height above ground (m)':
          if (r.chance(0.45)) value = r.float(1.5, 24, 1);
          break;
        case 'Floor':
          if (r.chance(0.35))
            value = r.weighted([
              [0, 2],
              [r.int(1, 4), 6],
              [r.int(5, 12), 2],
            ] as const);
          break;
        case 'Access instructions':
          if (r.chance(0.15))
            value = r.pick([
              'Key at the reception desk.',
              'Ladder needed, 4 m.',
              'Call the caretaker 30 minutes before.',
              'Access through the school gym, weekdays only.',
              'Roof hatch on the 5th floor, code 2417.',
            ]);
          break;
        case 'Near busy road':
          if (r.chance(0.4)) value = bool();
          break;
        case 'Site owner':
          if (r.chance(0.3))
            value = r.chance(0.5) ? person(r).full : `Wspólnota Mieszkaniowa ${x.streetLocal} ${x.numberLocal}`;
          break;
        case 'Provisioning batch':
          if (r.chance(0.5))
            value = `prov-${isoDay(x.installationDate.getTime()).slice(0, 7).replace('-', '')}-${r.hex(6)}`;
          break;
        case 'Power source':
          if (r.chance(0.5)) value = r.weightedKey({ Mains: 8, Solar: 2, PoE: 1, Battery: 1 });
          break;
      }
      if (value !== undefined) {
        installationsOut.push({ entityId: x.id, tagId: tag.id, value });
        tagsOf[String(tag.id)] = value;
      }
    }
    byInstallation.set(x.id, tagsOf);
  }

  const segmentOf: Record<ContractorRec['type'], readonly string[]> = {
    INDIVIDUAL: ['Private'],
    ACTION: ['Municipality', 'School'],
    AMBASSADOR: ['Business'],
    SMOGFIGHTER: ['NGO', 'Private'],
  };
  for (const x of contractorRows) {
    for (const tag of byContext('contractors')) {
      let value: TagValue | undefined;
      switch (tag.name) {
        case 'Segment':
          if (r.chance(0.75)) value = r.pick(segmentOf[x.type]);
          break;
        case 'Contract number':
          if (x.hsId && r.chance(0.8)) value = `UM/${x.createdAt.getUTCFullYear()}/${r.int(100, 999)}`;
          break;
        case 'Discount (%)':
          if (r.chance(0.3)) value = r.pick([5, 7.5, 10, 12.5, 15, 20]);
          break;
        case 'Sensors ordered':
          if (r.chance(0.5)) value = x.type === 'INDIVIDUAL' ? r.int(1, 3) : r.int(2, 180);
          break;
        case 'Account notes':
          if (r.chance(0.25))
            value = r.pick([
              'Prefers contact by e-mail.',
              'Invoices to the accounting department.',
              'Interested in the data API.',
              'Renewal negotiated with a 10% discount.',
              'Municipal tender planned for next year.',
            ]);
          break;
        case 'Newsletter consent':
          if (r.chance(0.5)) value = bool();
          break;
        case 'CRM sync':
          if (x.hsId) value = `crm-sync-${isoDay(c.nowMs - r.int(0, 30) * DAY)}-${r.hex(6)}`;
          break;
      }
      if (value !== undefined) contractorsOut.push({ entityId: x.id, tagId: tag.id, value });
    }
  }
  return { sensors: sensorsOut, installations: installationsOut, contractors: contractorsOut, byInstallation };
}
