/**
 * Values for the write schemas derived from declarations (common/entities/schema.ts), shared by the
 * unit test of the schema and the integration tests of the generic write routes: valid values
 * (fast-check arbitraries, or one deterministic example), and broken values with the message each
 * must get.
 */
import fc from 'fast-check';
import { DEFAULT_MAX_LENGTH, WRITE_MESSAGES, defineEntity, field, type FieldDecl } from '../../common/entities';

/** One field of each writable type and rule, for the rules no product entity uses yet. */
export const WRITE_SAMPLE = defineEntity({
  name: 'write-samples',
  label: 'Write samples',
  service: 'main',
  endpoint: '/write-samples',
  envelope: { rows: 'data.rows' },
  listQuery: 'main',
  access: { list: 'view_sensors', create: 'add_sensors', edit: 'add_sensors' },
  route: { name: 'WriteSamples' },
  fields: [
    field('id', 'integer', 'ID'),
    field('code', 'string', 'Code', { form: 'create', required: true, maxLength: 8, pattern: '[A-Z]{2}-[0-9]+' }),
    field('note', 'string', 'Note', { form: true }),
    field('kind', 'enum', 'Kind', { form: true, values: ['a', 'b'] }),
    field('count', 'integer', 'Count', { form: true, required: true, min: 0, max: 1000 }),
    field('ratio', 'number', 'Ratio', { form: true, min: -1.5, max: 1.5 }),
    field('day', 'date', 'Day', { form: true }),
    field('at', 'datetime', 'At', { form: true }),
    field('flag', 'boolean', 'Flag', { form: true }),
    field('contractorId', 'integer', 'Contractor', { form: true, reference: 'contractors' }),
    field('hidden', 'string', 'Hidden'),
  ],
});

const INT32 = 2 ** 31 - 1;

/** Values the field accepts. */
export function validValue(f: FieldDecl): fc.Arbitrary<unknown> {
  if (f.reference) return fc.integer({ min: 1, max: INT32 });
  switch (f.type) {
    case 'string': {
      const max = f.maxLength ?? DEFAULT_MAX_LENGTH;
      const base = f.pattern
        ? fc.stringMatching(new RegExp(`^(?:${f.pattern})$`))
        : fc.string({ minLength: 1, maxLength: max, unit: 'grapheme-ascii' });
      return base.filter((s) => s.trim() !== '' && s.trim().length <= max && !s.includes('\u0000'));
    }
    case 'enum':
      return fc.constantFrom(...f.values!);
    case 'integer':
      return fc.integer({ min: Math.max(f.min ?? -INT32, -INT32), max: Math.min(f.max ?? INT32, INT32) });
    case 'number':
      return fc.double({ min: f.min ?? -1e9, max: f.max ?? 1e9, noNaN: true, noDefaultInfinity: true });
    case 'date':
    case 'datetime':
      return fc
        .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2999-12-31T23:59:59Z'), noInvalidDate: true })
        .map((d) => (f.type === 'date' ? d.toISOString().slice(0, 10) : d.toISOString()));
    case 'boolean':
      return fc.boolean();
    default:
      throw new Error(`no generator for ${f.type}`);
  }
}

/** Broken values of the field, each with the message it must get. */
export function brokenValues(f: FieldDecl): [unknown, string][] {
  const L = f.label;
  if (f.reference)
    return [
      [0, WRITE_MESSAGES.reference(L)],
      [-3, WRITE_MESSAGES.reference(L)],
      [1.5, WRITE_MESSAGES.reference(L)],
      ['7', WRITE_MESSAGES.reference(L)],
    ];
  switch (f.type) {
    case 'string': {
      const max = f.maxLength ?? DEFAULT_MAX_LENGTH;
      const out: [unknown, string][] = [
        ['x'.repeat(max + 1), WRITE_MESSAGES.tooLong(L, max)],
        ['a\u0000b', WRITE_MESSAGES.nul(L)],
        [12, WRITE_MESSAGES.text(L)],
      ];
      if (f.pattern) out.push(['!', WRITE_MESSAGES.pattern(L)]);
      if (f.required) out.push(['   ', WRITE_MESSAGES.required(L)]);
      return out;
    }
    case 'enum':
      return [
        ['NOT-A-VALUE', WRITE_MESSAGES.oneOf(L, f.values!)],
        [1, WRITE_MESSAGES.oneOf(L, f.values!)],
      ];
    case 'integer':
    case 'number': {
      const out: [unknown, string][] = [['12', WRITE_MESSAGES[f.type === 'integer' ? 'integer' : 'number'](L)]];
      if (f.type === 'integer') out.push([2.5, WRITE_MESSAGES.integer(L)], [2 ** 60, WRITE_MESSAGES.integer(L)]);
      if (f.min !== undefined) out.push([f.min - 1, WRITE_MESSAGES.min(L, f.min)]);
      if (f.max !== undefined) out.push([f.max + 1, WRITE_MESSAGES.max(L, f.max)]);
      return out;
    }
    case 'date':
      return [
        ['2023-02-29', WRITE_MESSAGES.dateRange(L)],
        ['2024-13-01', WRITE_MESSAGES.dateRange(L)],
        ['1899-12-31', WRITE_MESSAGES.dateRange(L)],
        ['3000-01-01', WRITE_MESSAGES.dateRange(L)],
        ['2024-1-01', WRITE_MESSAGES.date(L)],
        ['yesterday', WRITE_MESSAGES.date(L)],
        [20240101, WRITE_MESSAGES.date(L)],
      ];
    case 'datetime':
      return [
        ['2024-02-30T10:00:00Z', WRITE_MESSAGES.dateRange(L)],
        ['1850-01-01T00:00:00Z', WRITE_MESSAGES.dateRange(L)],
        ['soon', WRITE_MESSAGES.datetime(L)],
        ['2024-01-01', WRITE_MESSAGES.datetime(L)],
      ];
    case 'boolean':
      return [
        ['true', WRITE_MESSAGES.boolean(L)],
        [1, WRITE_MESSAGES.boolean(L)],
      ];
    default:
      throw new Error(`no broken values for ${f.type}`);
  }
}

/**
 * One valid value of a field, different for each `n` where the type allows (unique texts); a
 * reference takes the id `ref` gives.
 */
export function exampleValue(f: FieldDecl, n: number, ref?: (f: FieldDecl) => number): unknown {
  if (f.reference) {
    if (!ref) throw new Error(`${f.name} is a reference: pass the id to use`);
    return ref(f);
  }
  if (f.type === 'string' && !f.pattern) return `${n} ${f.label}`.slice(0, f.maxLength ?? DEFAULT_MAX_LENGTH);
  switch (f.type) {
    case 'enum':
      return f.values![n % f.values!.length];
    case 'integer':
      return Math.min((f.min ?? 0) + n, f.max ?? Number.MAX_SAFE_INTEGER);
    case 'number':
      return Math.min((f.min ?? 0) + n + 0.5, f.max ?? Number.MAX_VALUE);
    case 'date':
      return `${2001 + (n % 20)}-0${1 + (n % 9)}-1${n % 9}`;
    case 'datetime':
      return `${2001 + (n % 20)}-0${1 + (n % 9)}-1${n % 9}T10:20:30.000Z`;
    case 'boolean':
      return n % 2 === 0;
    default:
      return fc.sample(validValue(f), { seed: n, numRuns: 1 })[0];
  }
}
