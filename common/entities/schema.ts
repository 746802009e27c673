/**
 * The write schema of an entity, derived from its declaration: which fields the create and edit
 * forms carry (`form`), and the zod schema of a create or update request built from their types and
 * rules (`required`, `maxLength`, `min`, `max`, `pattern`, `values`, `reference`). The console's
 * generic forms use it as their resolver and the server's generic write routes as their body
 * schema, so a rule is written once, in the declaration.
 */
import { z } from 'zod';
import { fillMessage } from '../validation';
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

/**
 * The English of the write rules' messages, by key (`%{name}` stands for a value; `label` is the
 * field's label). The server answers them in English; the console's catalogues hold them under
 * `write.<key>` (src/i18n), and its forms build the schema with a translating wording.
 */
export const WRITE_TEXTS = {
  required: '%{label} is required',
  text: '%{label} must be text',
  tooLong: '%{label} must be at most %{max} characters',
  nul: '%{label} must not contain NUL characters',
  pattern: '%{label} is not in the expected format',
  oneOf: '%{label} must be one of: %{values}',
  number: '%{label} must be a number',
  integer: '%{label} must be a whole number',
  min: '%{label} must be at least %{min}',
  max: '%{label} must be at most %{max}',
  date: '%{label} must be a date written YYYY-MM-DD',
  datetime: '%{label} must be a date and time in ISO 8601 with a time zone',
  dateRange: '%{label} must be a real date between %{from} and %{to}',
  boolean: '%{label} must be true or false',
  reference: '%{label} must be the ID of an existing record (a positive whole number)',
  unknownFields: 'Not fields of this form: %{names}',
  notObject: 'The request body must be an object',
} as const;

export type WriteMessageKey = keyof typeof WRITE_TEXTS;

/** How a write schema words its messages: a field's label, and a message by key with its values. */
export interface WriteWording {
  label(f: FieldDecl): string;
  text(key: WriteMessageKey, values: Readonly<Record<string, string | number>>): string;
}

/** English, with the declared labels: what the server answers. */
export const ENGLISH_WORDING: WriteWording = {
  label: (f) => f.label,
  text: (key, values) => fillMessage(WRITE_TEXTS[key], values),
};

/** The messages of the write rules in a wording, each naming the field by its label. */
export function writeMessages(w: WriteWording) {
  return {
    required: (label: string) => w.text('required', { label }),
    text: (label: string) => w.text('text', { label }),
    tooLong: (label: string, max: number) => w.text('tooLong', { label, max }),
    nul: (label: string) => w.text('nul', { label }),
    pattern: (label: string) => w.text('pattern', { label }),
    oneOf: (label: string, values: readonly string[]) => w.text('oneOf', { label, values: values.join(', ') }),
    number: (label: string) => w.text('number', { label }),
    integer: (label: string) => w.text('integer', { label }),
    min: (label: string, min: number) => w.text('min', { label, min }),
    max: (label: string, max: number) => w.text('max', { label, max }),
    date: (label: string) => w.text('date', { label }),
    datetime: (label: string) => w.text('datetime', { label }),
    dateRange: (label: string) => w.text('dateRange', { label, from: WRITE_YEARS.min, to: WRITE_YEARS.max }),
    boolean: (label: string) => w.text('boolean', { label }),
    reference: (label: string) => w.text('reference', { label }),
    unknownFields: (names: readonly string[]) => w.text('unknownFields', { names: names.join(', ') }),
    notObject: () => w.text('notObject', {}),
  };
}

type WriteMessages = ReturnType<typeof writeMessages>;

/** The English messages of the write rules (what the server answers and tests compare). */
export const WRITE_MESSAGES: WriteMessages = writeMessages(ENGLISH_WORDING);

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

function numberSchema(f: FieldDecl, integer: boolean, M: WriteMessages, label: string): z.ZodNumber {
  const wrong = integer ? M.integer(label) : M.number(label);
  let s = z.number({ error: typeError(M, label, wrong) });
  if (integer) s = s.int({ error: wrong, abort: true });
  if (f.min !== undefined) s = s.min(f.min, { error: M.min(label, f.min) });
  if (f.max !== undefined) s = s.max(f.max, { error: M.max(label, f.max) });
  return s;
}

/** The message of a wrong type: `required` for a missing or null value, else the type's own. */
const typeError = (M: WriteMessages, label: string, message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? M.required(label) : message;

/** The schema of one field's value (present and not null). */
function valueSchema(f: FieldDecl, required: boolean, w: WriteWording): z.ZodType {
  const label = w.label(f);
  const M = writeMessages(w);
  if (f.reference !== undefined)
    return z
      .number({ error: typeError(M, label, M.reference(label)) })
      .int({ error: M.reference(label) })
      .positive({ error: M.reference(label) });
  if (!isWritableType(f.type))
    throw new Error(`Field ${f.name} (${f.type}) is in a form, but forms carry only ${WRITABLE_TYPES.join(', ')}`);
  switch (f.type) {
    case 'string': {
      const max = f.maxLength ?? DEFAULT_MAX_LENGTH;
      let s = z
        .string({ error: typeError(M, label, M.text(label)) })
        .trim()
        .refine((v) => !v.includes('\u0000'), { error: M.nul(label), abort: true });
      if (required) s = s.min(1, { error: M.required(label), abort: true });
      s = s.max(max, { error: M.tooLong(label, max), abort: true });
      if (f.pattern !== undefined) {
        const re = new RegExp(`^(?:${f.pattern})$`);
        // An empty optional text is "no value" (null), not a value that must match; a required
        // one's pattern shows in the OpenAPI document.
        s = required
          ? s.regex(re, { error: M.pattern(label) })
          : s.refine((v) => v === '' || re.test(v), { error: M.pattern(label) });
      }
      return s;
    }
    case 'enum': {
      const values = f.values ?? [];
      if (values.length === 0) throw new Error(`Enum field ${f.name} declares no values`);
      return z.enum(values as [string, ...string[]], { error: typeError(M, label, M.oneOf(label, values)) });
    }
    case 'integer':
      return numberSchema(f, true, M, label);
    case 'number':
      return numberSchema(f, false, M, label);
    case 'date':
      return z
        .string({ error: typeError(M, label, M.date(label)) })
        .regex(DATE, { error: M.date(label), abort: true })
        .refine(isWritableDate, { error: M.dateRange(label) });
    case 'datetime':
      return z
        .string({ error: typeError(M, label, M.datetime(label)) })
        .refine((v) => Number.isFinite(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}T/.test(v), {
          error: M.datetime(label),
          abort: true,
        })
        .refine(isWritableDatetime, { error: M.dateRange(label) });
    case 'boolean':
      return z.boolean({ error: typeError(M, label, M.boolean(label)) });
  }
}

/**
 * One field in a request: a required field must be present on create and may not be cleared
 * (null) on update; another field may be null (no value), and an empty optional text becomes null.
 * On update every field may be left out.
 */
export function fieldWriteSchema(f: FieldDecl, mode: WriteMode, wording: WriteWording = ENGLISH_WORDING): z.ZodType {
  const required = f.required === true;
  let s = valueSchema(f, required, wording);
  if (!required) {
    if (f.type === 'string' && f.reference === undefined) s = s.transform((v) => (v === '' ? null : (v as string)));
    s = s.nullable();
  }
  return mode === 'update' || !required ? s.optional() : s;
}

/**
 * The request body of a create or an update: the form fields, strict (an unknown field is refused).
 * The rules are the declaration's; `wording` only words their messages (English by default, as the
 * server answers; the console's forms pass the user's language).
 */
export function writeSchema(entity: EntityDecl, mode: WriteMode, wording: WriteWording = ENGLISH_WORDING): z.ZodObject {
  const M = writeMessages(wording);
  const shape = Object.fromEntries(formFields(entity, mode).map((f) => [f.name, fieldWriteSchema(f, mode, wording)]));
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? M.unknownFields(issue.keys) : M.notObject()),
  });
}

/** The values a write schema accepts, after trimming. */
export type WriteValues = Record<string, string | number | boolean | null | undefined>;
