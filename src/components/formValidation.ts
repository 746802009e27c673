/**
 * react-admin validators from the rules of common/validation.ts — the same functions the server
 * runs — so a form refuses exactly what the server would, with the spec's message shown through
 * the catalogue (`validation.<key>`, src/i18n) in the user's language.
 */
import type { TranslateFunction, ValidationErrorMessageWithArgs, Validator } from 'react-admin';
import type { MessageValue, Rule, RuleMessage } from '../../common/validation';

const isRuleMessage = (v: unknown): v is RuleMessage =>
  typeof v === 'object' && v !== null && 'key' in v && 'en' in v && typeof (v as RuleMessage).en === 'string';

/** A rule message in the user's language; a message inside it (an import's item) is translated first. */
export function translateRule(translate: TranslateFunction, message: RuleMessage): string {
  const values: Record<string, string | number> = {};
  for (const [name, v] of Object.entries(message.values ?? {}))
    values[name] = isRuleMessage(v) ? translateRule(translate, v) : v;
  return translate(`validation.${message.key}`, { ...values, _: message.en });
}

const plain = (v: MessageValue) => (isRuleMessage(v) ? v.en : v);

/** A rule message as react-admin's validation error: the input shows `validation.<key>` translated. */
export const ruleError = (message: RuleMessage): ValidationErrorMessageWithArgs => ({
  message: `validation.${message.key}`,
  args: Object.fromEntries(Object.entries(message.values ?? {}).map(([k, v]) => [k, plain(v)])),
});

/** An input's `validate`: the rules in order, the first message wins. */
export const ruleValidator =
  (...rules: Rule[]): Validator =>
  (value: unknown) => {
    for (const rule of rules) {
      const message = rule(value);
      if (message) return ruleError(message);
    }
    return undefined;
  };

/** A form-level `validate` result with its rule messages as react-admin's errors (other leaves kept). */
export function formErrors(errors: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(errors))
    out[name] = isRuleMessage(v)
      ? ruleError(v)
      : typeof v === 'object' && v !== null && !Array.isArray(v)
        ? formErrors(v as Record<string, unknown>)
        : v;
  return out;
}
