/**
 * The write schema derived from a declaration (common/entities/schema.ts): generated over every
 * form field of `ENTITIES` (plus a sample entity with one field of each writable type), a valid
 * value is accepted and each broken rule is refused with a message naming the field's label.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_LENGTH,
  ENTITIES,
  WRITE_MESSAGES,
  defineEntity,
  field,
  formFields,
  isWritableDate,
  sensorModel,
  writeSchema,
  type EntityDecl,
  type FieldDecl,
  type WriteMode,
} from '../../common/entities';

/** One field of each writable type and rule, for the rules no product entity uses yet. */
const sample = defineEntity({
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

const WRITABLE = [...ENTITIES.filter((e) => formFields(e, 'create').length > 0), sample];

const INT32 = 2 ** 31 - 1;

/** Values the field accepts. */
function validValue(f: FieldDecl): fc.Arbitrary<unknown> {
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
function brokenValues(f: FieldDecl): [unknown, string][] {
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

/** A create body with every required field valid (fast-check). */
const validCreate = (e: EntityDecl) =>
  fc.record(
    Object.fromEntries(
      formFields(e, 'create')
        .filter((f) => f.required)
        .map((f) => [f.name, validValue(f)]),
    ),
  );

function messages(e: EntityDecl, mode: WriteMode, body: unknown): Record<string, string[]> {
  const r = writeSchema(e, mode).safeParse(body);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of r.error.issues) (out[issue.path.join('.') || '(body)'] ??= []).push(issue.message);
  return out;
}

describe('writeSchema, generated from the declarations', () => {
  it('covers at least one product entity with form fields', () => {
    expect(WRITABLE.map((e) => e.name)).toContain(sensorModel.name);
  });

  describe.each(WRITABLE.map((e) => [e.name, e] as const))('%s', (_name, e) => {
    it('carries exactly the form fields: create adds the create-only ones', () => {
      expect(Object.keys(writeSchema(e, 'create').shape)).toEqual(
        e.fields.filter((f) => f.form === true || f.form === 'create').map((f) => f.name),
      );
      expect(Object.keys(writeSchema(e, 'update').shape)).toEqual(
        e.fields.filter((f) => f.form === true).map((f) => f.name),
      );
    });

    it('accepts any valid create body and trims its texts', () => {
      fc.assert(
        fc.property(validCreate(e), (body) => {
          const r = writeSchema(e, 'create').safeParse(body);
          expect(r.success ? null : r.error.issues).toBeNull();
          for (const f of formFields(e, 'create'))
            if (f.type === 'string' && typeof body[f.name] === 'string')
              expect(r.data![f.name]).toBe((body[f.name] as string).trim());
        }),
        { numRuns: 60 },
      );
    });

    it('accepts an empty update, and any single valid field on update', () => {
      expect(messages(e, 'update', {})).toEqual({});
      for (const f of formFields(e, 'update'))
        fc.assert(
          fc.property(validValue(f), (v) => {
            expect(messages(e, 'update', { [f.name]: v })).toEqual({});
          }),
          { numRuns: 20 },
        );
    });

    it('refuses a create without a required field, naming it', () => {
      fc.assert(
        fc.property(validCreate(e), (body) => {
          for (const f of formFields(e, 'create').filter((x) => x.required)) {
            const { [f.name]: _dropped, ...rest } = body;
            expect(messages(e, 'create', rest)).toEqual({ [f.name]: [WRITE_MESSAGES.required(f.label)] });
            expect(messages(e, 'create', { ...rest, [f.name]: null })).toEqual({
              [f.name]: [WRITE_MESSAGES.required(f.label)],
            });
          }
        }),
        { numRuns: 5 },
      );
    });

    it('refuses clearing a required field on update, and accepts clearing the others', () => {
      for (const f of formFields(e, 'update'))
        expect(messages(e, 'update', { [f.name]: null })).toEqual(
          f.required ? { [f.name]: [WRITE_MESSAGES.required(f.label)] } : {},
        );
    });

    it('refuses each broken rule with its message, on create and on update', () => {
      fc.assert(
        fc.property(validCreate(e), (body) => {
          for (const f of formFields(e, 'create'))
            for (const [value, message] of brokenValues(f)) {
              expect(messages(e, 'create', { ...body, [f.name]: value })).toEqual({ [f.name]: [message] });
              if (f.form === true) expect(messages(e, 'update', { [f.name]: value })).toEqual({ [f.name]: [message] });
            }
        }),
        { numRuns: 3 },
      );
    });

    it('refuses unknown fields and fields outside the form, naming them', () => {
      const notInForm = e.fields.filter((f) => f.form !== true).map((f) => f.name);
      expect(messages(e, 'update', { bogus: 1 })).toEqual({ '(body)': [WRITE_MESSAGES.unknownFields(['bogus'])] });
      for (const name of notInForm)
        expect(messages(e, 'update', { [name]: 1 })).toEqual({ '(body)': [WRITE_MESSAGES.unknownFields([name])] });
    });
  });
});

describe('writeSchema, explicit cases', () => {
  it('turns an empty optional text into null and keeps a required one refused', () => {
    expect(writeSchema(sample, 'update').parse({ note: '   ' })).toEqual({ note: null });
    expect(messages(sample, 'create', { code: ' ', count: 1 })).toEqual({ code: [WRITE_MESSAGES.required('Code')] });
  });

  it('checks the pattern on the trimmed, whole value', () => {
    expect(writeSchema(sample, 'create').parse({ code: '  AB-12 ', count: 3 })).toEqual({ code: 'AB-12', count: 3 });
    expect(messages(sample, 'create', { code: 'xAB-12', count: 3 })).toEqual({
      code: [WRITE_MESSAGES.pattern('Code')],
    });
  });

  it('leaves create-only fields out of updates', () => {
    expect(messages(sample, 'update', { code: 'AB-1' })).toEqual({
      '(body)': [WRITE_MESSAGES.unknownFields(['code'])],
    });
  });

  it('counts the default maximum length in characters after trimming', () => {
    expect(messages(sample, 'update', { note: ` ${'é'.repeat(DEFAULT_MAX_LENGTH)} ` })).toEqual({});
    expect(messages(sample, 'update', { note: 'é'.repeat(DEFAULT_MAX_LENGTH + 1) })).toEqual({
      note: [WRITE_MESSAGES.tooLong('Note', DEFAULT_MAX_LENGTH)],
    });
  });

  it('knows leap years and the accepted years', () => {
    expect(isWritableDate('2024-02-29')).toBe(true);
    expect(isWritableDate('2100-02-29')).toBe(false);
    expect(isWritableDate('2000-02-29')).toBe(true);
    expect(isWritableDate('1900-01-01')).toBe(true);
    expect(isWritableDate('2999-12-31')).toBe(true);
    expect(isWritableDate('2024-04-31')).toBe(false);
  });

  it('refuses a body that is not an object', () => {
    expect(writeSchema(sample, 'update').safeParse([]).success).toBe(false);
    expect(writeSchema(sample, 'update').safeParse(null).success).toBe(false);
  });

  it('names each sensor-model rule in English with the field label', () => {
    expect(messages(sensorModel, 'update', { name: 'x'.repeat(101), firmwareFamily: 'GSM!' })).toEqual({
      name: ['Model must be at most 100 characters'],
      firmwareFamily: ['Firmware family is not in the expected format'],
    });
  });
});
