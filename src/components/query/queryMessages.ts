/**
 * The query language's error messages in the user's language: a QueryError's keyed message
 * (`query.errors.*`, common/query/messages.ts) translated, the phrases inside it translated first
 * and lists written with commas. English is the message's own `en` where a key is missing.
 */
import type { TranslateFunction } from 'react-admin';
import { writeValue, type QueryMessage } from '../../../common/query';

export function translateQueryMessage(translate: TranslateFunction, message: QueryMessage): string {
  const values: Record<string, string | number> = {};
  for (const [name, v] of Object.entries(message.values ?? {}))
    values[name] = writeValue(v, (inner) => translateQueryMessage(translate, inner));
  return translate(message.key, { ...values, _: message.en });
}
