/**
 * The suspend / unsuspend dialog's rules (document 2, sections 4, 5, 7 and 8), shared by the console
 * and its tests: from defaults to now, the till date and time go together, and the body of
 * POST /installations/{id}/suspend and /unsuspend.
 */
import { ruleMessage, type RuleMessage } from './validation';

/** The spec's message when only one of till date and till time is filled. */
export const TILL_MISMATCH: RuleMessage = ruleMessage('tillPair');

export interface SuspensionDraft {
  fromDate: string;
  fromTime: string;
  tillDate?: string | null;
  tillTime?: string | null;
  reason?: string | null;
}

const filled = (v: string | null | undefined) => typeof v === 'string' && v.trim() !== '';

/** The mismatch message when only one of till date and till time is filled. */
export function tillMismatch(draft: Pick<SuspensionDraft, 'tillDate' | 'tillTime'>): RuleMessage | undefined {
  return filled(draft.tillDate) !== filled(draft.tillTime) ? TILL_MISMATCH : undefined;
}

/** A local date (YYYY-MM-DD) and time (HH:mm) as an ISO instant; undefined when not a real time. */
export function localInstant(date: string, time: string): string | undefined {
  const d = new Date(`${date}T${time}`);
  return Number.isNaN(d.getTime()) || !/^\d{4}-\d{2}-\d{2}$/.test(date) ? undefined : d.toISOString();
}

/** The date and time fields of "now" in local time, the dialog's default start. */
export function nowFields(now = new Date()): { fromDate: string; fromTime: string } {
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    fromDate: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
    fromTime: `${pad(now.getHours())}:${pad(now.getMinutes())}`,
  };
}

/** The request body: upper-case measurement types; reason is null when unsuspending. */
export function suspensionBody(
  action: 'suspend' | 'unsuspend',
  params: readonly string[],
  draft: SuspensionDraft,
): { startTime: string; measurementsTypes: string[]; reason: string | null; endTime: string | null } {
  const startTime = localInstant(draft.fromDate, draft.fromTime) ?? new Date().toISOString();
  const endTime =
    filled(draft.tillDate) && filled(draft.tillTime) ? (localInstant(draft.tillDate!, draft.tillTime!) ?? null) : null;
  return {
    startTime,
    measurementsTypes: params.map((p) => p.toUpperCase()),
    reason: action === 'suspend' ? draft.reason?.trim() || null : null,
    endTime,
  };
}
