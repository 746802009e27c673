/**
 * The console's messages: react-admin's Notification, showing one message at a time for
 * SUCCESS_MESSAGE_MS (the spec's 5 seconds). A newer message waiting shortens the one on screen to
 * SUPERSEDED_MESSAGE_MS more (MUI's advice for consecutive snackbars): react-admin would otherwise
 * queue them, each for its full time, so after three quick changes the third's message came ten
 * seconds late, under the first two.
 */
import { Notification, useNotificationContext } from 'react-admin';
import { SUCCESS_MESSAGE_MS } from '../../common/domain';

export const SUPERSEDED_MESSAGE_MS = 1000;

export function AppNotification() {
  const { notifications } = useNotificationContext();
  // MUI's Snackbar restarts its timer when autoHideDuration changes.
  return <Notification autoHideDuration={notifications.length ? SUPERSEDED_MESSAGE_MS : SUCCESS_MESSAGE_MS} />;
}
