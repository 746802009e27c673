/**
 * The state of a hand-built form's rule errors (forms of plain MUI inputs, not react-admin's
 * `<Form>`): which fields were touched, whether the form is valid, and a field's translated error
 * once it was touched. A submit attempt touches every field the errors name.
 */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { RuleMessage } from '../../common/validation';
import { translateRule } from './formValidation';

export function useRuleErrors(errors: Record<string, RuleMessage | undefined>) {
  const translate = useTranslate();
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  return {
    valid: Object.values(errors).every((e) => !e),
    touched: (name: string) => !!touched[name],
    /** The field's translated error, once it was touched. */
    show: (name: string) => {
      const error = errors[name];
      return touched[name] && error ? translateRule(translate, error) : undefined;
    },
    touch: (name: string) => () => setTouched((t) => ({ ...t, [name]: true })),
    touchAll: () => setTouched(Object.fromEntries(Object.keys(errors).map((name) => [name, true]))),
  };
}
