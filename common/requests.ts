/**
 * Installation request states (document 2, section 4), shared by the console (which actions to
 * offer) and the backend (which changes to accept).
 *
 *   WAITING → HOLD                 (Hold)
 *   WAITING | HOLD → REJECTED      (Reject, after confirmation; irreversible)
 *   WAITING | HOLD → DONE          (Install: only through the reinstall form, never set directly)
 */
import type { REQUEST_STATES } from './domain';

export type RequestState = (typeof REQUEST_STATES)[number];

/** The states a staff member may set directly from each state. */
export const REQUEST_TRANSITIONS: Record<RequestState, readonly RequestState[]> = {
  WAITING: ['HOLD', 'REJECTED'],
  HOLD: ['REJECTED'],
  REJECTED: [],
  DONE: [],
};

/** Whether "Install" (the reinstall form with the request) is offered. */
export const canInstallRequest = (state: RequestState): boolean => state === 'WAITING' || state === 'HOLD';

export const canChangeRequestState = (from: RequestState, to: RequestState): boolean =>
  REQUEST_TRANSITIONS[from].includes(to);

/** The active list holds HOLD and WAITING; the archived list DONE and REJECTED. */
export const ACTIVE_REQUEST_STATES: readonly RequestState[] = ['HOLD', 'WAITING'];
export const ARCHIVED_REQUEST_STATES: readonly RequestState[] = ['DONE', 'REJECTED'];

/** Image types a request accepts, recognised by their first bytes (the declared type is not trusted). */
export const REQUEST_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type RequestImageType = (typeof REQUEST_IMAGE_TYPES)[number];

export function sniffImageType(bytes: Uint8Array): RequestImageType | null {
  const at = (i: number) => bytes[i];
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}
