/**
 * Form rules of the portal-user forms (document 2, section 5), from the shared rules in
 * common/adpUsers.ts: react-admin validators that read the form's other values (the type decides
 * whether contractor and reason are required).
 */
import type { Validator } from 'react-admin';
import {
  ADP_LIMITS,
  hasContractor,
  isChoiceOrOther,
  needsReason,
  OTHER_PREFIX,
  OTHER_TEXT_MAX,
} from '../../../common/adpUsers';
import { email, maxLength, required } from '../../../common/validation';
import { ruleValidator } from '../../components/formValidation';

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export const requiredRule: Validator = ruleValidator(required);
export const emailRules: Validator = ruleValidator(required, email, maxLength(ADP_LIMITS.email));
export const nicknameRules: Validator = ruleValidator(required, maxLength(ADP_LIMITS.nickname));
const reasonLength = ruleValidator(maxLength(ADP_LIMITS.reason));

/** Reason for access: required for types other than CLIENT and INTERNAL_ACCOUNT. */
export const reasonRule: Validator = (value, values, props) =>
  needsReason(String(values?.type ?? '')) && blank(value)
    ? 'adpUsers.rules.reasonRequired'
    : reasonLength(value, values, props);

/** Contractor: required while its editor shows (CLIENT, CLIENT_EXTRA_ACCESS, INTERNAL_ACCOUNT). */
export const contractorRule: Validator = (value, values) =>
  hasContractor(String(values?.type ?? '')) && blank(value) ? 'adpUsers.rules.contractorRequired' : undefined;

/** The description after "other:" (required, at most OTHER_TEXT_MAX characters). */
export const otherTextRule: Validator = (value, values, props) =>
  blank(value) ? 'adpUsers.rules.otherRequired' : otherTextLength(value, values, props);
const otherTextLength = ruleValidator(maxLength(OTHER_TEXT_MAX));

/** Splits a stored "other:text" into the select value and the text. */
export function splitOther(value: unknown, choices: readonly string[]): { choice: string; other: string } {
  if (typeof value === 'string' && value.startsWith(OTHER_PREFIX))
    return { choice: 'other', other: value.slice(OTHER_PREFIX.length) };
  return { choice: typeof value === 'string' && choices.includes(value) ? value : '', other: '' };
}

/** Joins the select value and the text back into the stored form. */
export function joinOther(choice: unknown, other: unknown, choices: readonly string[]): string | null {
  if (choice === 'other') {
    const v = `${OTHER_PREFIX}${String(other ?? '').trim()}`;
    return isChoiceOrOther(v, choices) ? v : null;
  }
  return typeof choice === 'string' && choice !== '' ? choice : null;
}
