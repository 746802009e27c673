/**
 * The write schema derived from a declaration (common/entities/schema.ts): generated over every
 * form field of `ENTITIES` (plus a sample entity with one field of each writable type), a valid
 * value is accepted and each broken rule is refused with a message naming the field's label.
 */
import fc from 'fast-check';
import { brokenValues, validValue, WRITE_SAMPLE as sample } from '../support/writeCases';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_LENGTH,
  ENTITIES,
  WRITE_MESSAGES,
  formFields,
  isWritableDate,
  sensorModel,
  type EntityDecl,
  type WriteMode,
} from '../../common/entities';
import { writeSchema } from '../../common/entities/schema';

const WRITABLE = [...ENTITIES.filter((e) => formFields(e, 'create').length > 0), sample];

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
