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

/** The list's query for each side of the active/archived switch (document 2, section 7). */
export const REQUEST_LIST_QUERY = {
  active: `state in (${ACTIVE_REQUEST_STATES.join(', ')})`,
  archived: `state in (${ARCHIVED_REQUEST_STATES.join(', ')})`,
} as const;

/** The list is sorted by createdAt: oldest first while active, newest first in the archive. */
export const requestListOrder = (archived: boolean): 'ASC' | 'DESC' => (archived ? 'DESC' : 'ASC');

/** Which actions the request screen offers in a state (section 4); all need modify_installation_requests. */
export const requestActions = (state: RequestState) => ({
  hold: canChangeRequestState(state, 'HOLD'),
  reject: canChangeRequestState(state, 'REJECTED'),
  install: canInstallRequest(state),
});

/** The longest staff notes accepted (characters). */
export const STAFF_NOTES_MAX = 10_000;
