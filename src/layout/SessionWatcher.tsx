/** Reacts to a session ended by the HTTP layer (failed refresh, expired token): back to login with the reason. */
import { useEffect } from 'react';
import { useNotify, useRedirect } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { appEvents } from '../state/events';

export function SessionWatcher() {
  const notify = useNotify();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      appEvents.on('logout', (message) => {
        queryClient.clear();
        redirect('/');
        if (message) notify(message, { type: 'error' });
      }),
    [notify, redirect, queryClient],
  );
  return null;
}
