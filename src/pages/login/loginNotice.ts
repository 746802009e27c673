/**
 * Why the sign-in screen was opened, passed in the router's location state by the page that sent
 * the user there: a token-login link that did not work (missing, invalid or expired token).
 */
export interface LoginNotice {
  invalidLink?: boolean;
}

export const INVALID_LINK_STATE: LoginNotice = { invalidLink: true };

/** The message key of the notice in a location's state, or undefined when there is none. */
export function loginNoticeKey(state: unknown): string | undefined {
  return (state as LoginNotice | null)?.invalidLink ? 'aq.login.invalidLink' : undefined;
}
