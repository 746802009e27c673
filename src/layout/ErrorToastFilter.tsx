/**
 * One error surface. react-admin's controllers (lists, edit, delete…) toast every data-provider
 * failure as a red snackbar, on top of the banner the HTTP layer already shows under the spec's
 * rules — including for the 403s and 'non-existent channel' the spec keeps silent. Such toasts are
 * dropped here; a failure that never reached the HTTP layer goes to the banner instead
 * ('400 - Internal front-end error'). Every other notification passes unchanged.
 */
import { useCallback, type ReactNode } from 'react';
import { AddNotificationContext, useAddNotificationContext, type NotificationPayload } from 'react-admin';
import { classifyError, wasHandled } from '../dataProviders/errors';
import { appEvents } from '../state/events';

const HTTP_ERROR_KEY = 'ra.notification.http_error';

/**
 * The shape of react-admin's failure toasts:
 * `notify(error.message || 'ra.notification.http_error', { type: 'error', messageArgs: { _: error.message } })`.
 */
export function isFailureToast({ message, type, notificationOptions }: NotificationPayload): boolean {
  if (message === HTTP_ERROR_KEY) return true;
  return (
    type === 'error' &&
    typeof message === 'string' &&
    (notificationOptions?.messageArgs as { _?: unknown })?._ === message
  );
}

export function ErrorToastFilter({ children }: { children: ReactNode }) {
  const addNotification = useAddNotificationContext();
  const filtered = useCallback(
    (notification: NotificationPayload) => {
      if (!isFailureToast(notification)) return addNotification(notification);
      const message = String(notification.message);
      if (message !== HTTP_ERROR_KEY && !wasHandled(message)) {
        const { banner } = classifyError(new Error(message), '');
        if (banner) appEvents.emit('error', banner);
      }
    },
    [addNotification],
  );
  return <AddNotificationContext.Provider value={filtered}>{children}</AddNotificationContext.Provider>;
}
