/** Ends every session of another user, after a confirmation (it cannot be undone). */
import { useState } from 'react';
import { Button } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { useMutation } from '@tanstack/react-query';
import { Confirm, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProviders/types';
import { useCanAccessNow } from '../useCanAccessNow';
import type { AdminUser } from './types';
import { useIsSelf } from './useIsSelf';
import { useNotifySuccess } from '../../pages/roles/useNotifySuccess';
import { useSubmitOnce } from '../../components/useSubmitOnce';

export function LogoutUserButton() {
  const user = useRecordContext<AdminUser>();
  const self = useIsSelf(user);
  const canLogout = useCanAccessNow({ resource: 'users', action: 'logout' });
  const dataProvider = useDataProvider<AppDataProvider>();
  const [open, setOpen] = useState(false);
  const submitting = useSubmitOnce();
  const notifySuccess = useNotifySuccess();
  const translate = useTranslate();
  const logout = useMutation({
    mutationFn: (target: AdminUser) => dataProvider.logoutUser('users', { id: target.id }),
    onSuccess: (_result, target) => {
      setOpen(false);
      notifySuccess('aq.notifications.userLoggedOut', { name: target.name });
    },
    onError: () => setOpen(false),
  });
  // A disabled user has no sessions left to end.
  if (!user || self || !canLogout || !user.enabled) return null;

  return (
    <>
      <Button
        size="small"
        startIcon={<LogoutIcon />}
        onClick={() => setOpen(true)}
        aria-label={translate('aq.pages.users.logoutUser', { name: user.name })}
      >
        {translate('aq.actions.logout')}
      </Button>
      <Confirm
        isOpen={open}
        loading={submitting.pending}
        title="aq.confirm.logoutUser.title"
        content="aq.confirm.logoutUser.content"
        translateOptions={{ name: user.name }}
        confirm="aq.actions.logout"
        confirmColor="warning"
        onConfirm={() => void submitting.run(() => logout.mutateAsync(user))}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
