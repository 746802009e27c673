/**
 * Demo contractors (individuals, actions, ambassadors, smog fighters) with their CRM fields
 * (company, owner, state, end of deal, subscriptions) and, for most organisations, one of the
 * default logos served by the backend.
 */
import { DEFAULT_LOGO_NAMES, defaultLogoUrl } from '../../storage/defaultLogos';
import { agoMs, type ContractorRec, type Ctx } from './context';
import { fromCounts, isoDay, person, slug, uniqueName, withoutLegalForm } from './helpers';
import { CITY_WEIGHTS, DAY, SURNAMES } from './reference';

// prettier-ignore
const COMPANY_PREFIX = ['Eko', 'Termo', 'Bud', 'Inter', 'Pol', 'Agro', 'Tech', 'Energo', 'Mega', 'Net', 'Trans', 'Data', 'Hydro', 'Elektro', 'Geo', 'Med', 'Auto', 'Info', 'Stal', 'Drew', 'Lux', 'Nova', 'Prima', 'Optima', 'Vita', 'Sol', 'Aero', 'Klima', 'Went', 'Kom'];
// prettier-ignore
const COMPANY_SUFFIX = ['pol', 'mex', 'bud', 'tech', 'trans', 'soft', 'med', 'dom', 'net', 'serwis', 'gaz', 'met', 'plast', 'system', 'tron', 'lab', 'air', 'vent', 'term', 'sat'];
const LEGAL_FORMS = ['Sp. z o.o.', 'Sp. z o.o.', 'Sp. z o.o.', 'S.A.', 'Sp. j.', 's.c.', 'Sp. k.'] as const;
// prettier-ignore
const PATRONS = ['Adama Mickiewicza', 'Marii Skłodowskiej-Curie', 'Jana Pawła II', 'Henryka Sienkiewicza', 'Mikołaja Kopernika', 'Janusza Korczaka', 'Tadeusza Kościuszki', 'Juliusza Słowackiego', 'Stefana Żeromskiego', 'Władysława Reymonta'];

/** Staff who own CRM companies (companyOwner). */
const COMPANY_OWNERS = [
  'Sara Sales',
  'Anna Kowalska',
  'Michał Zieliński',
  'Karolina Szymańska',
  'Paweł Jaworski',
] as const;

export function buildContractors(c: Ctx): ContractorRec[] {
  const r = c.root.fork('contractors');
  const types = fromCounts(r, { INDIVIDUAL: 42, ACTION: 24, AMBASSADOR: 38, SMOGFIGHTER: 26 });
  const used = new Set<string>();
  const ages = types.map(() => r.int(30, 1700)).sort((a, b) => b - a);
  // A stream of its own, so that adding logos left every other seeded value as it was.
  const logos = c.root.fork('contractor-logos');

  const company = () => {
    const pattern = r.int(0, 9);
    if (pattern < 6) return `${r.pick(COMPANY_PREFIX)}${r.pick(COMPANY_SUFFIX)} ${r.pick(LEGAL_FORMS)}`;
    if (pattern < 8) return `${r.pick(SURNAMES)} i Wspólnicy ${r.pick(LEGAL_FORMS)}`;
    return `PHU ${r.pick(SURNAMES)}`;
  };

  return types.map((type, i): ContractorRec => {
    const city = r.weighted(CITY_WEIGHTS);
    let name: string;
    let link: string | null = null;
    if (type === 'INDIVIDUAL') {
      name = uniqueName(r, used, () => person(r).full);
      if (r.chance(0.1)) link = `https://www.facebook.com/${slug(name).replace(/-/g, '.')}`;
    } else if (type === 'ACTION') {
      const kind = r.int(0, 5);
      name = uniqueName(r, used, () =>
        [
          () => `Gmina ${r.weighted(CITY_WEIGHTS).local}`,
          () => `Urząd Miasta ${r.weighted(CITY_WEIGHTS).local}`,
          () => `Szkoła Podstawowa nr ${r.int(1, 60)} im. ${r.pick(PATRONS)}`,
          () => `Akcja Czyste Powietrze ${r.weighted(CITY_WEIGHTS).local}`,
          () =>
            `Budżet Obywatelski ${r.weighted(CITY_WEIGHTS).local} ${new Date(c.nowMs).getUTCFullYear() - r.int(0, 3)}`,
          () => `Przedszkole Miejskie nr ${r.int(1, 40)}`,
        ][kind]!(),
      );
      link =
        kind <= 1
          ? `https://www.${slug(
              name
                .split(' ')
                .slice(kind === 0 ? 1 : 2)
                .join(' '),
            )}.pl`
          : null;
    } else if (type === 'AMBASSADOR') {
      name = uniqueName(r, used, company);
      link = `https://www.${slug(withoutLegalForm(name)).replace(/-/g, '')}.pl`;
    } else if (r.chance(0.55)) {
      name = uniqueName(r, used, () =>
        r.pick([
          `Stowarzyszenie Czyste Powietrze ${city.local}`,
          `Fundacja Oddychaj ${city.local}`,
          `Inicjatywa Antysmogowa ${city.local}`,
          `Ruch Miejski ${city.local}`,
          `Zielony ${city.local}`,
        ]),
      );
      link = `https://${slug(name)}.org.pl`;
    } else {
      name = uniqueName(r, used, () => person(r).full);
    }

    const crm = type === 'INDIVIDUAL' ? r.chance(0.1) : r.chance(0.65);
    const state = crm ? r.weightedKey({ ACTIVE: 60, INACTIVE: 18, ONBOARDING: 10, CHURNED: 12 }) : null;
    const endOfDeal = crm
      ? isoDay(c.nowMs + (state === 'ACTIVE' || state === 'ONBOARDING' ? r.int(-60, 720) : r.int(-500, -5)) * DAY)
      : null;
    return {
      id: i + 1,
      name,
      type,
      logo: logos.chance(type === 'INDIVIDUAL' ? 0.2 : 0.75) ? defaultLogoUrl(logos.pick(DEFAULT_LOGO_NAMES)) : null,
      link,
      hsId: crm ? r.digits(r.int(9, 11)) : null,
      hsName: crm ? (r.chance(0.3) ? name.toUpperCase() : name) : null,
      companyOwner: crm ? r.pick(COMPANY_OWNERS) : null,
      companyState: state,
      endOfDeal,
      customSla: crm && r.chance(0.18),
      activeSubscriptions:
        state === 'ACTIVE' ? r.int(1, type === 'INDIVIDUAL' ? 3 : 40) : r.chance(0.2) ? r.int(1, 2) : 0,
      createdAt: agoMs(c, ages[i]! * DAY + r.int(0, DAY)),
    };
  });
}
