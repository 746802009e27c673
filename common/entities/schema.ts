/**
 * The write schema of an entity, derived from its declaration: which fields the create and edit
 * forms carry (`form`), and the zod schema of a create or update request built from their types and
 * rules (`required`, `maxLength`, `min`, `max`, `pattern`, `values`, `reference`). The console's
 * generic forms use it as their resolver and the server's generic write routes as their body
 * schema, so a rule is written once, in the declaration.
 */
import { z } from 'zod';
import type { EntityDecl, FieldDecl } from './types';

export type WriteMode = 'create' | 'update';

/** Longest accepted text when a field declares no `maxLength`. */
export const DEFAULT_MAX_LENGTH = 255;
/** Dates and times accepted in writes: years 1900..2999. */
export const WRITE_YEARS = { min: 1900, max: 2999 } as const;

/** The field types a form can carry. */
export const WRITABLE_TYPES = ['string', 'enum', 'integer', 'number', 'date', 'datetime', 'boolean'] as const;
export type WritableType = (typeof WRITABLE_TYPES)[number];

const isWritableType = (t: string): t is WritableType => (WRITABLE_TYPES as readonly string[]).includes(t);

/** The fields of the create form (`form: true` or `'create'`) or of the edit form (`form: true`), in declaration order. */
export function formFields(entity: EntityDecl, mode: WriteMode): FieldDecl[] {
  return entity.fields.filter((f) => f.form === true || (f.form === 'create' && mode === 'create'));
}

/** The messages of the write rules; each names the field by its English label. */
export const WRITE_MESSAGES = {
  required: (label: string) => `${label} is required`,
  text: (label: string) => `${label} must be text`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  nul: (label: string) => `${label} must not contain NUL characters`,
  pattern: (label: string) => `${label} is not in the expected format`,
  oneOf: (label: string, values: readonly string[]) => `${label} must be one of: ${values.join(', ')}`,
  number: (label: string) => `${label} must be a number`,
  integer: (label: string) => `${label} must be a whole number`,
  min: (label: string, min: number) => `${label} must be at least ${min}`,
  max: (label: string, max: number) => `${label} must be at most ${max}`,
  date: (label: string) => `${label} must be a date written YYYY-MM-DD`,
  datetime: (label: string) => `${label} must be a date and time in ISO 8601 with a time zone`,
  dateRange: (label: string) => `${label} must be a real date between ${WRITE_YEARS.min} and ${WRITE_YEARS.max}`,
  boolean: (label: string) => `${label} must be true or false`,
  reference: (label: string) => `${label} must be the ID of an existing record (a positive whole number)`,
  unknownFields: (names: readonly string[]) =>
    `Unknown field${names.length === 1 ? '' : 's'}: ${names.join(', ')}; this form does not accept ${
      names.length === 1 ? 'it' : 'them'
    }`,
} as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date `YYYY-MM-DD` within WRITE_YEARS. */
export function isWritableDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < WRITE_YEARS.min || y > WRITE_YEARS.max || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** An ISO 8601 date and time whose date part is a real date within WRITE_YEARS. */
export function isWritableDatetime(value: string): boolean {
  const t = Date.parse(value);
  if (!Number.isFinite(t)) return false;
  const year = new Date(t).getUTCFullYear();
  return isWritableDate(value.slice(0, 10)) && year >= WRITE_YEARS.min && year <= WRITE_YEARS.max;
}

/** The message of a wrong type: `required` for a missing or null value, else the type's own. */
const typeError = (label: string, message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? WRITE_MESSAGES.required(label) : message;

function numberSchema(f: FieldDecl, integer: boolean): z.ZodNumber {
  const wrong = integer ? WRITE_MESSAGES.integer(f.label) : WRITE_MESSAGES.number(f.label);
  let s = z.number({ error: typeError(f.label, wrong) });
  if (integer) s = s.int({ error: wrong, abort: true });
  if (f.min !== undefined) s = s.min(f.min, { error: WRITE_MESSAGES.min(f.label, f.min) });
  if (f.max !== undefined) s = s.max(f.max, { error: WRITE_MESSAGES.max(f.label, f.max) });
  return s;
}

/** The schema of one field's value (present and not null). */
function valueSchema(f: FieldDecl, required: boolean): z.ZodType {
  const label = f.label;
  if (f.reference !== undefined)
    return z
      .number({ error: typeError(label, WRITE_MESSAGES.reference(label)) })
      .int({ error: WRITE_MESSAGES.reference(label) })
      .positive({ error: WRITE_MESSAGES.reference(label) });
  if (!isWritableType(f.type))
    throw new Error(`Field ${f.name} (${f.type}) is in a form, but forms carry only ${WRITABLE_TYPES.join(', ')}`);
  switch (f.type) {
    case 'string': {
      const max = f.maxLength ?? DEFAULT_MAX_LENGTH;
      let s = z
        .string({ error: typeError(label, WRITE_MESSAGES.text(label)) })
        .trim()
        .refine((v) => !v.includes('\u0000'), { error: WRITE_MESSAGES.nul(label), abort: true });
      if (required) s = s.min(1, { error: WRITE_MESSAGES.required(label), abort: true });
      s = s.max(max, { error: WRITE_MESSAGES.tooLong(label, max), abort: true });
      if (f.pattern !== undefined) {
        const re = new RegExp(`^(?:${f.pattern})$`);
        // An empty optional text is "no value" (null), not a value that must match; a required
        // one's pattern shows in the OpenAPI document.
        s = required
          ? s.regex(re, { error: WRITE_MESSAGES.pattern(label) })
          : s.refine((v) => v === '' || re.test(v), { error: WRITE_MESSAGES.pattern(label) });
      }
      return s;
    }
    case 'enum': {
      const values = f.values ?? [];
      if (values.length === 0) throw new Error(`Enum field ${f.name} declares no values`);
      return z.enum(values as [string, ...string[]], { error: typeError(label, WRITE_MESSAGES.oneOf(label, values)) });
    }
    case 'integer':
      return numberSchema(f, true);
    case 'number':
      return numberSchema(f, false);
    case 'date':
      return z
        .string({ error: typeError(label, WRITE_MESSAGES.date(label)) })
        .regex(DATE, { error: WRITE_MESSAGES.date(label), abort: true })
        .refine(isWritableDate, { error: WRITE_MESSAGES.dateRange(label) });
    case 'datetime':
      return z
        .string({ error: typeError(label, WRITE_MESSAGES.datetime(label)) })
        .refine((v) => Number.isFinite(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}T/.test(v), {
          error: WRITE_MESSAGES.datetime(label),
          abort: true,
        })
        .refine(isWritableDatetime, { error: WRITE_MESSAGES.dateRange(label) });
    case 'boolean':
      return z.boolean({ error: typeError(label, WRITE_MESSAGES.boolean(label)) });
  }
}

/**
 * One field in a request: a required field must be present on create and may not be cleared
 * (null) on update; another field may be null (no value), and an empty optional text becomes null.
 * On update every field may be left out.
 */
export function fieldWriteSchema(f: FieldDecl, mode: WriteMode): z.ZodType {
  const required = f.required === true;
  let s = valueSchema(f, required);
  if (!required) {
    if (f.type === 'string' && f.reference === undefined) s = s.transform((v) => (v === '' ? null : (v as string)));
    s = s.nullable();
  }
  return mode === 'update' || !required ? s.optional() : s;
}

/** The request body of a create or an update: the form fields, strict (an unknown field is refused). */
export function writeSchema(entity: EntityDecl, mode: WriteMode): z.ZodObject {
  const shape = Object.fromEntries(formFields(entity, mode).map((f) => [f.name, fieldWriteSchema(f, mode)]));
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? WRITE_MESSAGES.unknownFields(issue.keys)
        : 'The request body must be an object',
  });
}

/** The values a write schema accepts, after trimming. */
export type WriteValues = Record<string, string | number | boolean | null | undefined>;
