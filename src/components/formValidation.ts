/**
 * react-admin validators from the rules of common/validation.ts — the same functions the server
 * runs — so a form refuses exactly what the server would, with the spec's message.
 */
import type { Validator } from 'react-admin';
import type { Rule } from '../../common/validation';

/** An input's `validate`: the rules in order, the first message wins. */
export const ruleValidator =
  (...rules: Rule[]): Validator =>
  (value: unknown) => {
    for (const rule of rules) {
      const message = rule(value);
      if (message) return message;
    }
    return undefined;
  };
