/**
 * Demo API-key users (320) and their limits: ten provider-internal accounts, most
 * with a contractor, a spread of standard and samples limits over every period (larger periods never
 * below smaller ones), some on the default limits, some with a samples limit but the samples API
 * off. No API key is seeded: keys are issued in the console (shown once, stored hashed).
 */
import { Prng } from '../prng';
import type { Limits } from '../schema';
import { agoMs, type ContractorRec, type Ctx } from './context';
import { pad, person, slug, uniqueName, withoutLegalForm } from './helpers';
import { DAY } from './reference';

export function buildApiUsers(c: Ctx, contractorRows: ContractorRec[]) {
  const r = c.root.fork('api-users');
  const n = 320;
  const used = new Set<string>();
  const ages = Array.from({ length: n }, () => r.int(5, 1200)).sort((a, b) => b - a);
  const internalNames = [
    'aq-internal-dashboard',
    'aq-mobile-app',
    'aq-grafana',
    'aq-map-widget',
    'aq-data-export',
    'aq-status-page',
    'aq-alerts',
    'aq-reports',
    'aq-partner-sync',
    'aq-qa-monitor',
  ];
  return Array.from({ length: n }, (_, i) => {
    const internal = i % 12 === 3 && internalNames.length > 0;
    const contractor = internal ? null : r.chance(0.8) ? r.pick(contractorRows) : null;
    const username = internal
      ? internalNames.shift()!
      : uniqueName(r, used, () =>
          contractor
            ? `${slug(withoutLegalForm(contractor.name)).split('-').slice(0, 2).join('-')}${r.chance(0.4) ? `-${r.pick(['api', 'prod', 'test', 'widget'])}` : ''}`
            : `${slug(person(r).full).replace('-', '.')}${r.chance(0.5) ? r.int(1, 99) : ''}`,
        );
    used.add(username);
    const samplesApi = internal ? r.chance(0.6) : r.chance(0.3);
    return {
      id: i + 1,
      username,
      customId: r.chance(0.5) ? `C-${pad(r.int(1, 99999), 5)}` : null,
      contractorId: contractor?.id ?? null,
      internal,
      samplesApi,
      limitStandard: internal || r.chance(0.4) ? null : randomLimits(r, 'standard'),
      limitSamples: samplesApi ? randomLimits(r, 'samples') : r.chance(0.1) ? randomLimits(r, 'samples') : null,
      createdAt: agoMs(c, ages[i]! * DAY + r.int(0, DAY)),
    };
  });
}

/** A limit object whose larger periods are never below smaller ones. */
function randomLimits(r: Prng, kind: 'standard' | 'samples'): Limits {
  const nice = (v: number) => {
    const mag = 10 ** Math.max(0, Math.floor(Math.log10(v)) - 1);
    return Math.max(1, Math.round(v / mag) * mag);
  };
  const second = kind === 'standard' ? r.int(1, 20) : r.int(1, 5);
  const chain = {
    second,
    minute: second * r.int(10, 60),
    hour: 0,
    day: 0,
    month: 0,
    year: 0,
  };
  chain.hour = chain.minute * r.int(10, 60);
  chain.day = chain.hour * r.int(5, 24);
  chain.month = chain.day * r.int(20, 31);
  chain.year = chain.month * r.int(10, 12);
  const periods = r.weighted([
    [['minute', 'day'], 4],
    [['hour', 'day', 'month'], 3],
    [['second', 'minute'], 2],
    [['day'], 2],
    [['minute', 'hour', 'day', 'month', 'year'], 1],
  ] as const);
  const out: Limits = {};
  let floor = 0;
  for (const p of periods) {
    const v = Math.max(floor, nice(chain[p]));
    out[p] = v;
    floor = v;
  }
  return out;
}
