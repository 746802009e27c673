/** Small drawing helpers of the demo seed (names, e-mail addresses, phone numbers, weighted spreads). */
import { Prng } from '../prng';
import { FEMALE_FIRST, MAIL_PROVIDERS, MALE_FIRST, SURNAMES } from './reference';

export function foldAscii(text: string): string {
  return text
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

export function slug(text: string): string {
  return foldAscii(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const pad = (n: number, width: number) => String(n).padStart(width, '0');
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const withoutLegalForm = (name: string) => name.replace(/ (Sp\. z o\.o\.|S\.A\.|Sp\. j\.|s\.c\.|Sp\. k\.)$/, '');

function feminine(surname: string): string {
  if (surname.endsWith('ski')) return `${surname.slice(0, -3)}ska`;
  if (surname.endsWith('cki')) return `${surname.slice(0, -3)}cka`;
  if (surname.endsWith('dzki')) return `${surname.slice(0, -4)}dzka`;
  return surname;
}

interface Person {
  first: string;
  last: string;
  full: string;
}

export function person(r: Prng): Person {
  const female = r.chance(0.5);
  const first = r.pick(female ? FEMALE_FIRST : MALE_FIRST);
  const base = r.pick(SURNAMES);
  const last = female ? feminine(base) : base;
  return { first, last, full: `${first} ${last}` };
}

export function personalEmail(r: Prng, p: Person, domain?: string): string {
  const f = slug(p.first);
  const l = slug(p.last);
  const local = r.weighted([
    [`${f}.${l}`, 5],
    [`${f[0]}.${l}`, 2],
    [`${f}${l}${r.int(1, 99)}`, 2],
    [`${l}.${f}`, 1],
  ] as const);
  return `${local}@${domain ?? r.pick(MAIL_PROVIDERS)}`;
}

export function phone(r: Prng): string {
  return `+48 ${r.pick(['50', '51', '53', '57', '60', '66', '69', '72', '78', '79', '88'])}${r.int(0, 9)} ${pad(r.int(0, 999), 3)} ${pad(r.int(0, 999), 3)}`;
}

/** Counts → a shuffled list holding each value that many times. */
export function fromCounts<T extends string>(r: Prng, counts: Record<T, number>): T[] {
  const out: T[] = [];
  for (const [value, n] of Object.entries(counts) as [T, number][]) for (let i = 0; i < n; i++) out.push(value);
  return r.shuffle(out);
}

/** n values where every weighted value appears at least once; the rest drawn by weight. */
export function spread<T extends string>(r: Prng, weights: Readonly<Record<T, number>>, n: number): T[] {
  const out = Object.keys(weights) as T[];
  while (out.length < n) out.push(r.weightedKey(weights));
  return r.shuffle(out);
}

export function uniqueName(r: Prng, used: Set<string>, make: () => string): string {
  for (let i = 0; i < 50; i++) {
    const name = make();
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
  }
  const name = `${make()} ${used.size}`;
  used.add(name);
  return name;
}
