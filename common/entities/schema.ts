/**
 * The write schema of an entity, derived from its declaration: the zod schema of a create or update
 * request built from the types and rules of its form fields (`required`, `maxLength`, `min`, `max`,
 * `pattern`, `values`, `reference`; ./writeRules.ts). The console's generic forms use it as their
 * resolver and the server's generic write routes as their body schema, so a rule is written once, in
 * the declaration. Imported by path (not through ./index.ts), so zod stays out of what imports the
 * declarations only.
 */
import { z } from 'zod';
import type { FieldDecl, EntityDecl } from './types';
import {
  DEFAULT_MAX_LENGTH,
  ENGLISH_WORDING,
  WRITE_DATE,
  WRITABLE_TYPES,
  formFields,
  isWritableDate,
  isWritableDatetime,
  isWritableType,
  writeMessages,
  type WriteMessages,
  type WriteMode,
  type WriteWording,
} from './writeRules';

export * from './writeRules';

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
        .regex(WRITE_DATE, { error: M.date(label), abort: true })
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
