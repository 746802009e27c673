/** Tag values by type: the boolean cycle, parsing typed text, and display text. */
import type { TagType } from '../../../common/domain';
import { MESSAGES, float, integer, type RuleMessage } from '../../../common/validation';
import type { TagValue } from '../../resources/tags/types';

/** A boolean tag cycles null → true → false → null. */
export function nextBooleanValue(value: TagValue | undefined): boolean | null {
  if (value === null || value === undefined) return true;
  return value === true ? false : null;
}

export type ParsedTagValue = { value: TagValue; error?: undefined } | { value?: undefined; error: RuleMessage };

/**
 * Text typed into a STRING, TEXT, INTEGER or FLOAT editor as the value to store; empty text
 * clears the value. A comma in a float is read as a decimal point.
 */
export function parseTagText(type: TagType, text: string): ParsedTagValue {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null };
  switch (type) {
    case 'INTEGER': {
      const error = integer(trimmed);
      if (error) return { error };
      const n = Number(trimmed);
      return Number.isSafeInteger(n) ? { value: n } : { error: MESSAGES.integer };
    }
    case 'FLOAT': {
      const error = float(trimmed);
      return error ? { error } : { value: Number(trimmed.replace(',', '.')) };
    }
    case 'TEXT':
      // Line breaks inside a note are kept; only the ends are trimmed.
      return { value: text.replace(/^\s+|\s+$/g, '') };
    default:
      return { value: trimmed };
  }
}

/** A tag value as shown; booleans read as react-admin's `ra.boolean.true` / `false` (Yes / No). */
export function tagValueText(value: TagValue | undefined, translate: (key: string) => string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (value === true) return translate('ra.boolean.true');
  if (value === false) return translate('ra.boolean.false');
  return String(value);
}
