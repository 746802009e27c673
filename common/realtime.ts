/**
 * Live updates shared by the console and the backend: the channel each staff user listens on, the
 * events sent there, and the timing rules of document 2 (sections 4 and 9).
 */

/** The presence channel of one staff user; only that user may join it. */
export const userChannel = (userId: number | string) => `presence-user-${userId}`;

/** Sent on the user's channel with `{ ids }`: installations the socket subscribed to have changed. */
export const INSTALLATIONS_UPDATED_EVENT = 'installations-updated';

/** Installation ids one socket may follow at once (a page holds at most a few hundred rows). */
export const MAX_FOLLOWED_INSTALLATIONS = 2000;

export const LIVE_UPDATES = {
  /** The realtime connection gives up after this long. */
  connectionTimeoutMs: 5000,
  /** How often the connection state is checked again. */
  connectionCheckMs: 5000,
  /** Re-subscribe this long after each fetch of the list. */
  resubscribeDelayMs: 2000,
  /** Unsubscribe when the tab has been hidden this long; subscribe again when it is visible. */
  unsubscribeHiddenMs: 30_000,
} as const;

export const REALTIME_CONNECTION_FAILED = 'Pusher failed to gain a connection';
