/** Demo developer-portal users with their trials and access definitions. */
import { ADP_USER_STATUSES, ADP_USER_TYPES } from '../../../common/domain';
import { adpAccessDefinitions, adpTrials, adpUsers } from '../schema';
import { agoMs, type ContractorRec, type Ctx, type InstallationRec } from './context';
import { isoDay, person, personalEmail, spread } from './helpers';
import { CITY_WEIGHTS, DAY, OPERATOR_DOMAIN, VOIVODESHIPS } from './reference';

const UNIVERSITY_DOMAINS = [
  'uj.edu.pl',
  'agh.edu.pl',
  'pw.edu.pl',
  'uw.edu.pl',
  'pwr.edu.pl',
  'put.poznan.pl',
  'ug.edu.pl',
  'umcs.pl',
] as const;

/** Developer-portal settings vocabularies (document 2, section 3). */
// prettier-ignore
const ADP_SETTINGS = {
  countries: { PL: 60, DE: 6, CZ: 5, GB: 5, US: 4, UA: 4, SK: 3, LT: 2, FR: 2, NL: 2, IT: 2, MN: 2 },
  timeZones: ['Europe/Warsaw', 'UTC', 'Europe/Berlin', 'Europe/London', 'Europe/Prague', 'Europe/Kyiv', 'America/New_York', 'Asia/Ulaanbaatar'],
  /** Alert-level choices per index type (document 2, section 9); AQ_ is the provider prefix. */
  indexTypes: {
    AQ_INDEX: [50, 75, 100, 150, 200, 300, 400, 600, 800],
    AQ_CAQI: [25, 50, 75, 87.5, 100, 125],
    AQ_US_AQI: [50, 100, 150, 200, 300],
    AQ_DAQI: [2, 3, 4, 5, 6, 7, 8, 9, 10],
    AQ_PIJP: [1, 3, 5, 7, 10],
    MONGOLIAN_AQI: [50, 100, 200, 300, 400, 500],
  } as Record<string, readonly number[]>,
  standardTypes: ['WHO', 'POLISH', 'DEFRA'],
  sectors: ['public', 'academic', 'ngo', 'smart-cities', 'telecommunication', 'industry', 'other-company', 'other'],
  industries: ['education', 'admin-ops', 'marketing-pr', 'business-development', 'it-eng', 'other'],
  goals: ['csr', 'research', 'public-information', 'health-protection', 'smart-city', 'compliance', 'product-integration', 'other'],
  avatars: ['default', 'academic', 'business', 'industry', 'ngo', 'public', 'telecom'],
} as const;

const SECTOR_AVATAR: Record<string, string> = {
  public: 'public',
  academic: 'academic',
  ngo: 'ngo',
  'smart-cities': 'public',
  telecommunication: 'telecom',
  industry: 'industry',
  'other-company': 'business',
  other: 'default',
};

export function buildAdp(c: Ctx, contractorRows: ContractorRec[], inst: InstallationRec[]) {
  const r = c.root.fork('adp');
  /** 300+ portal users of every type and status (issue 12). */
  const n = 320;
  const types = spread<(typeof ADP_USER_TYPES)[number]>(
    r,
    { CLIENT: 30, CLIENT_EXTRA_ACCESS: 12, END_CLIENT: 15, LEAD: 12, RESEARCHER: 12, INTERNAL_ACCOUNT: 9 },
    n,
  );
  const statuses = spread<(typeof ADP_USER_STATUSES)[number]>(r, { ENABLED: 60, NOT_ACTIVATED: 25, DISABLED: 15 }, n);
  const businesses = contractorRows.filter((x) => x.type !== 'INDIVIDUAL');
  const emails = new Set<string>();
  const ages = types.map(() => r.int(1, 900)).sort((a, b) => b - a);
  const visibleInstallations = inst.filter((x) => x.removedAt === null && x.isVisible);
  const reasons: Record<string, readonly string[]> = {
    CLIENT_EXTRA_ACCESS: [
      'Needs data from neighbouring municipalities for a joint report.',
      'Access to the regional network for the air-quality plan.',
    ],
    END_CLIENT: [
      'Resident who bought a sensor through a partner.',
      'Data for the school air-quality dashboard.',
      'Building manager monitoring the courtyard.',
    ],
    LEAD: [
      'Evaluating the API before a municipal tender.',
      'Interested in the enterprise plan for 40 locations.',
      'Demo requested at a trade fair.',
    ],
    RESEARCHER: [
      'PhD project on PM2.5 exposure of cyclists.',
      'Validation of satellite AOD retrievals against ground sensors.',
      'Study of heating-season smog episodes in Lesser Poland.',
      'Master thesis on low-cost sensor calibration.',
    ],
    INTERNAL_ACCOUNT: ['Monitoring dashboard of the operations team.'],
    CLIENT: ['Customer of the enterprise plan.'],
  };

  const users: (typeof adpUsers.$inferInsert & { id: number })[] = [];
  const trials: (typeof adpTrials.$inferInsert)[] = [];
  const access: (typeof adpAccessDefinitions.$inferInsert)[] = [];

  types.forEach((type, i) => {
    const id = i + 1;
    const p = person(r);
    const contractor =
      type === 'CLIENT' || type === 'CLIENT_EXTRA_ACCESS' || type === 'INTERNAL_ACCOUNT' ? r.pick(businesses) : null;
    const domain =
      type === 'INTERNAL_ACCOUNT'
        ? OPERATOR_DOMAIN
        : type === 'RESEARCHER'
          ? r.pick(UNIVERSITY_DOMAINS)
          : contractor?.link && r.chance(0.7)
            ? contractor.link.replace(/^https?:\/\/(www\.)?/, '')
            : undefined;
    let email = personalEmail(r, p, domain);
    while (emails.has(email)) email = `${email.split('@')[0]}${r.int(2, 99)}@${email.split('@')[1]}`;
    emails.add(email);

    const plan =
      type === 'INTERNAL_ACCOUNT'
        ? 'PLAN_ENTERPRISE'
        : type === 'RESEARCHER'
          ? r.weightedKey({ PLAN_RESEARCH: 6, PLAN_BASIC: 2, PLAN_TRIAL: 2 })
          : type === 'LEAD'
            ? r.weightedKey({ PLAN_TRIAL: 4, PLAN_ADVANCED: 3, PLAN_EMPTY: 2, PLAN_ENTERPRISE_TRIAL: 1 })
            : r.weightedKey({ PLAN_BASIC: 4, PLAN_ADVANCED: 4, PLAN_ENTERPRISE: 2, PLAN_EMPTY: 1 });
    const sector =
      type === 'RESEARCHER'
        ? 'academic'
        : type === 'INTERNAL_ACCOUNT'
          ? 'other-company'
          : r.weightedKey({
              public: 4,
              'smart-cities': 2,
              ngo: 2,
              industry: 2,
              telecommunication: 1,
              'other-company': 2,
              other: 1,
            });
    const indexType = r.weightedKey({
      AQ_INDEX: 8,
      AQ_CAQI: 4,
      AQ_US_AQI: 2,
      AQ_DAQI: 1,
      AQ_PIJP: 1,
      MONGOLIAN_AQI: 1,
    });
    const country = indexType === 'MONGOLIAN_AQI' ? 'MN' : r.weightedKey(ADP_SETTINGS.countries);
    const language = country === 'PL' ? (r.chance(0.7) ? 'pl' : 'en') : 'en';
    const timeZone =
      country === 'PL'
        ? r.chance(0.8)
          ? 'Europe/Warsaw'
          : 'UTC'
        : country === 'MN'
          ? 'Asia/Ulaanbaatar'
          : r.pick(ADP_SETTINGS.timeZones);
    const settings = {
      country,
      language,
      timeZone,
      indexType,
      aqiLevelLimit: r.pick(ADP_SETTINGS.indexTypes[indexType]!),
      standardType: r.weightedKey({ WHO: 6, POLISH: 3, DEFRA: 1 }),
      sensorOutAlertEnabled: r.chance(0.6),
      aqiExceededAlertEnabled: r.chance(0.5),
      weeklyEmailEnabled: r.chance(0.4),
      monthlyEmailEnabled: r.chance(0.55),
      sector,
      yourGoals: r.chance(0.1)
        ? 'other:school air-quality education programme'
        : r.pick(ADP_SETTINGS.goals.filter((g) => g !== 'other')),
      industry: r.chance(0.08)
        ? 'other:environmental consulting'
        : r.pick(ADP_SETTINGS.industries.filter((g) => g !== 'other')),
      avatar: r.chance(0.3) ? 'default' : (SECTOR_AVATAR[sector] ?? 'default'),
    };
    const nickname =
      type === 'INTERNAL_ACCOUNT'
        ? `${p.first} (${r.pick(['ops', 'data team', 'support'])})`
        : r.chance(0.8)
          ? p.full
          : `${p.first} ${p.last[0]}.`;
    users.push({
      id,
      nickname,
      email,
      status: statuses[i]!,
      planName: plan,
      contractorId: contractor?.id ?? null,
      type,
      reason: type === 'CLIENT' && r.chance(0.7) ? null : r.pick(reasons[type]!),
      settings,
      // Activated accounts had a password once; the portal's own hashes are not part of the demo.
      passwordHash: statuses[i] === 'NOT_ACTIVATED' ? null : 'unusable:demo-seed',
      createdAt: agoMs(c, ages[i]! * DAY + r.int(0, DAY)),
    });

    const onTrial =
      plan === 'PLAN_TRIAL' ||
      plan === 'PLAN_ENTERPRISE_TRIAL' ||
      (plan === 'PLAN_ADVANCED' && r.chance(0.5)) ||
      (plan === 'PLAN_ENTERPRISE' && type !== 'INTERNAL_ACCOUNT' && r.chance(0.3));
    if (onTrial && statuses[i] !== 'DISABLED') {
      trials.push({
        userId: id,
        trialPlanName: plan,
        postTrialPlanName: r.weightedKey({
          PLAN_EMPTY: 6,
          PLAN_BASIC: 3,
          PLAN_RESEARCH: type === 'RESEARCHER' ? 4 : 0.01,
        }),
        endDate: isoDay(c.nowMs + r.int(-10, 30) * DAY),
      });
    }

    const defIds = new Set<number>();
    const nextDefId = () => {
      let v = r.int(1000, 10000);
      while (defIds.has(v)) v = r.int(1000, 10000);
      defIds.add(v);
      return v;
    };
    if (contractor) {
      access.push({
        userId: id,
        id: nextDefId(),
        sponsorId: contractor.id,
        osmId: null,
        installationId: null,
        visibility: r.weightedKey({ ALL: 3, VISIBLE: 2 }),
        canBeEdited: true,
      });
    }
    const extra =
      type === 'CLIENT'
        ? 0
        : r.weighted([
            [0, 2],
            [1, 4],
            [2, 3],
            [3, 2],
            [4, 1],
          ] as const);
    for (let k = 0; k < extra; k++) {
      const kind = r.weightedKey({ osm: 4, installation: 4, sponsor: 2 });
      const city = r.weighted(CITY_WEIGHTS);
      access.push({
        userId: id,
        id: nextDefId(),
        sponsorId: kind === 'sponsor' ? r.pick(businesses).id : null,
        osmId: kind === 'osm' ? (r.chance(0.7) ? city.osm : VOIVODESHIPS[city.voiv].osm) : null,
        installationId: kind === 'installation' ? r.pick(visibleInstallations).installationId : null,
        visibility: r.weightedKey({ ALL: 3, VISIBLE: 5, HIDDEN: 1 }),
        canBeEdited: r.chance(0.85),
      });
    }
  });
  return { users, trials, access };
}
