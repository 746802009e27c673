/**
 * Submitting a react-admin `<Form>`: one submit at a time, and the server's refusals turned into
 * form errors. A refusal (400/403/409/422, `{status, message}`) lands on the field it names —
 * `Invalid body: name: …`, or the spec's 'Name already in use' on `name` — or, naming no field of
 * the form, as the form's own error (`root.serverError`, shown by FormDialog above the inputs).
 * Other failures are left to the HTTP layer's banner.
 */
import { useCallback, useRef } from 'react';
import type { FieldValues } from 'react-hook-form';
import { refusalOf } from '../dataProviders/errors';

/** Where a form shows a refusal that names none of its fields (react-hook-form's root errors). */
export const FORM_ERROR = 'serverError';

export type Refusal = { field?: string; message: string };

/** The errors react-admin's `<Form onSubmit>` expects back: `{ name: message }` or `{ root: { serverError } }`. */
export function submissionErrors(refusal: Refusal | undefined): FieldValues | undefined {
  if (!refusal) return undefined;
  return refusal.field ? { [refusal.field]: refusal.message } : { root: { [FORM_ERROR]: refusal.message } };
}

export interface FormSubmitOptions {
  /** The form's fields a refusal may name. */
  fields?: readonly string[];
  /** Which failures the form shows itself, and where (default: `refusalOf(error, fields)`). */
  refusal?: (error: unknown) => Refusal | undefined;
}

/**
 * An `onSubmit` for `<Form>` around `send` (a data-provider mutation): the lock is taken
 * synchronously, so the second event of a double click is dropped instead of sending twice. It
 * resolves to the refusal as form errors, or to nothing (react-admin reads an object as errors).
 */
export function useFormSubmit<V extends FieldValues>(
  send: (values: V) => Promise<unknown>,
  { fields = [], refusal }: FormSubmitOptions = {},
): (values: FieldValues) => Promise<FieldValues | undefined> {
  const running = useRef(false);
  const latest = useRef({ send, fields, refusal });
  latest.current = { send, fields, refusal };
  return useCallback(async (values: FieldValues) => {
    if (running.current) return undefined;
    running.current = true;
    const { send, fields, refusal } = latest.current;
    try {
      await send(values as V);
      return undefined;
    } catch (error) {
      return submissionErrors(refusal ? refusal(error) : refusalOf(error, fields));
    } finally {
      running.current = false;
    }
  }, []);
}
