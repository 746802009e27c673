/**
 * The third-party sign-in popup: 800×600, pointed at the provider's authorization URL (asked of the
 * auth provider), polled every 100 ms until it lands back on our /login/callback with a code (or an
 * error), or closes.
 */
import { LOGIN_POPUP } from '../../../common/domain';
import type { AppAuthProvider } from '../../authProvider';

/** A sign-in failure the login page shows: `message` is its key, `values` fill it. */
export class PopupError extends Error {
  constructor(
    message: string,
    readonly values?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
}

export function callbackUrl(): string {
  return `${window.location.origin}/login/callback`;
}

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Resolves with the authorization code once the provider redirects back to the callback page. */
export async function signInWithPopup(
  auth: Pick<AppAuthProvider, 'getSignInUrl'>,
): Promise<{ code: string; redirectUri: string }> {
  const { width, height, pollMs } = LOGIN_POPUP;
  const left = window.screenX + Math.max(0, (window.outerWidth - width) / 2);
  const top = window.screenY + Math.max(0, (window.outerHeight - height) / 2);
  // Open synchronously (popup blockers), then point it at the provider.
  const popup = window.open('about:blank', 'aq-sign-in', `width=${width},height=${height},left=${left},top=${top}`);
  if (!popup) throw new PopupError('aq.login.popupBlocked');
  const state = randomState();
  const redirectUri = callbackUrl();
  try {
    const url = await auth.getSignInUrl({ redirectUri, state });
    popup.location.href = url;
  } catch (err) {
    popup.close();
    throw err;
  }
  return new Promise((resolve, reject) => {
    const timer = window.setInterval(() => {
      if (popup.closed) {
        window.clearInterval(timer);
        reject(new PopupError('aq.login.popupClosed'));
        return;
      }
      let href: string;
      try {
        href = popup.location.href; // throws while on the provider's origin
      } catch {
        return;
      }
      if (!href.startsWith(redirectUri)) return;
      window.clearInterval(timer);
      const params = new URL(href).searchParams;
      popup.close();
      if (params.get('state') !== state) reject(new PopupError('aq.login.popupMismatch'));
      else if (params.get('error')) reject(new PopupError('aq.login.popupCancelled', { error: params.get('error')! }));
      else if (!params.get('code')) reject(new PopupError('aq.login.popupNoCode'));
      else resolve({ code: params.get('code')!, redirectUri });
    }, pollMs);
  });
}
