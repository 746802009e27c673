/**
 * The write rules of the declarations that need no validation library: which fields the create and
 * edit forms carry (`formFields`), the defaults and bounds they apply, and their messages (keyed,
 * English here, Polish in the console's catalogue). The zod schema built from them is in ./schema.ts,
 * which only the forms and the write routes import, so the console's first download carries no zod.
 */
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

export const isWritableType = (t: string): t is WritableType => (WRITABLE_TYPES as readonly string[]).includes(t);

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

export type WriteMessages = ReturnType<typeof writeMessages>;

/** The English messages of the write rules (what the server answers and tests compare). */
export const WRITE_MESSAGES: WriteMessages = writeMessages(ENGLISH_WORDING);

export const WRITE_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date `YYYY-MM-DD` within WRITE_YEARS. */
export function isWritableDate(value: string): boolean {
  const m = WRITE_DATE.exec(value);
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
