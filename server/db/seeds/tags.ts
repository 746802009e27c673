/** Demo tag definitions of every tag context. */
import { TAG_CONTEXTS, type TagContext, type TagType } from '../../../common/domain';
import { agoMs, type Ctx, type TagRec } from './context';
import { DAY } from './reference';

interface TagDef {
  name: string;
  type: TagType;
  values?: readonly string[];
}

const TAG_DEFS: Record<TagContext, readonly TagDef[]> = {
  sensors: [
    { name: 'Production batch', type: 'STRING' },
    { name: 'PM sensor drift', type: 'FLOAT' },
    { name: 'Hardware revision', type: 'INTEGER' },
    { name: 'Service notes', type: 'TEXT' },
    { name: 'Heated inlet', type: 'BOOLEAN' },
    { name: 'Enclosure', type: 'ENUM', values: ['Compact', 'Industrial', 'Rooftop', 'Standard'] },
    { name: 'Firmware build', type: 'META' },
    { name: 'Warranty', type: 'BOOLEAN' },
    { name: 'SIM operator', type: 'ENUM', values: ['Orange', 'Play', 'Plus', 'T-Mobile'] },
  ],
  installations: [
    { name: 'Mounting', type: 'ENUM', values: ['Balcony', 'Pole', 'Roof', 'Wall', 'Window'] },
    { name: 'Height above ground (m)', type: 'FLOAT' },
    { name: 'Floor', type: 'INTEGER' },
    { name: 'Access instructions', type: 'TEXT' },
    { name: 'Near busy road', type: 'BOOLEAN' },
    { name: 'Site owner', type: 'STRING' },
    { name: 'Provisioning batch', type: 'META' },
    { name: 'Power source', type: 'ENUM', values: ['Battery', 'Mains', 'PoE', 'Solar'] },
  ],
  contractors: [
    { name: 'Segment', type: 'ENUM', values: ['Business', 'Municipality', 'NGO', 'Private', 'School'] },
    { name: 'Contract number', type: 'STRING' },
    { name: 'Discount (%)', type: 'FLOAT' },
    { name: 'Sensors ordered', type: 'INTEGER' },
    { name: 'Account notes', type: 'TEXT' },
    { name: 'Newsletter consent', type: 'BOOLEAN' },
    { name: 'CRM sync', type: 'META' },
  ],
};

export function buildTags(c: Ctx): TagRec[] {
  const r = c.root.fork('tags');
  const out: TagRec[] = [];
  for (const context of TAG_CONTEXTS) {
    for (const def of TAG_DEFS[context]) {
      out.push({
        id: out.length + 1,
        context,
        name: def.name,
        type: def.type,
        values: def.values ? [...def.values].sort() : [],
        createdAt: agoMs(c, (900 - out.length * 25) * DAY + r.int(0, DAY)),
      });
    }
  }
  return out;
}
