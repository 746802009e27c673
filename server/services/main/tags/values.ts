/**
 * The rules of tags and their values, shared by the tag routes and every editor of a tag value
 * (sensor, installation and contractor editors, the sensor order, reinstall): the limits, the one
 * check of a value by its tag's type (`checkTagValue`) and the stored values of an ENUM tag.
 */
import type { TagType } from '../../../../common/domain';
import { MESSAGES } from '../../../../common/validation';
import type { TagValue } from '../../../db/schema';
import { badRequest, unprocessable } from '../../../http/errors';

export type { TagValue };

/** Longest STRING and TEXT tag values, in characters. */
export const TAG_STRING_MAX = 1000;
export const TAG_TEXT_MAX = 10_000;
export const TAG_NAME_MAX = 100;
export const TAG_ENUM_VALUES_MAX = 200;
export const TAG_ENUM_VALUE_MAX = 100;

export interface TagDefinition {
  id: number;
  context: string;
  name: string;
  type: string;
  values: string[];
}

/**
 * Checks a value against its tag's type and returns what is stored. null clears. META tags are
 * read-only (422); a value of the wrong type is a 400.
 */
export function checkTagValue(tag: TagDefinition, value: unknown): TagValue {
  const label = `Tag "${tag.name}" (${tag.type})`;
  if (tag.type === 'META') throw unprocessable(`${label} is read-only`);
  if (value === undefined) throw badRequest(`${label}: a value is required (null clears it)`);
  if (value === null) return null;
  switch (tag.type as TagType) {
    case 'BOOLEAN':
      if (typeof value !== 'boolean') throw badRequest(`${label} takes true, false or null`);
      return value;
    case 'INTEGER':
      if (typeof value !== 'number' || !Number.isSafeInteger(value))
        throw badRequest(`${label}: ${MESSAGES.integer.en}`);
      return value;
    case 'FLOAT':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw badRequest(`${label}: ${MESSAGES.float.en}`);
      return value;
    case 'STRING':
    case 'TEXT': {
      if (typeof value !== 'string') throw badRequest(`${label} takes a string or null`);
      const max = tag.type === 'TEXT' ? TAG_TEXT_MAX : TAG_STRING_MAX;
      if (value.length > max) throw badRequest(`${label}: ${MESSAGES.shorter(max + 1).en}`);
      return value;
    }
    case 'ENUM':
      if (typeof value !== 'string' || !tag.values.includes(value))
        throw badRequest(`${label} takes one of ${tag.values.map((v) => JSON.stringify(v)).join(', ')} or null`);
      return value;
    default:
      throw unprocessable(`${label} has an unknown type`);
  }
}

export /** Code-point order, the same as the seed and the tag editor use. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The values to store for a tag of a type: ENUM values trimmed, checked and sorted; [] otherwise. */
export function normaliseTagValues(type: TagType, values: readonly string[] | null | undefined): string[] {
  if (type !== 'ENUM') return [];
  const trimmed = (values ?? []).map((v) => v.trim());
  if (trimmed.length === 0) throw badRequest('Values are required for an ENUM tag');
  if (trimmed.some((v) => v === '')) throw badRequest('Values must not be empty');
  const seen = new Set<string>();
  for (const v of trimmed) {
    const key = v.toLowerCase();
    if (seen.has(key)) throw badRequest(`Value "${v}" is listed twice`);
    seen.add(key);
  }
  return [...trimmed].sort(byText);
}
