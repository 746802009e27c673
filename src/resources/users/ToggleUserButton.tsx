/**
 * Enable or disable another user, after a confirmation. Disabling deactivates the user's tokens and
 * ends all their sessions at once and cannot be undone; enabling only lets them sign in again.
 */
import { useState } from 'react';
import { Button } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import { Confirm, useRecordContext, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { useCanAccessNow } from '../useCanAccessNow';
import type { AdminUser } from './types';
import { useIsSelf } from './useIsSelf';
import { useNotifySuccess } from '../../pages/roles/useNotifySuccess';
import { useSubmitOnce } from '../../components/useSubmitOnce';

export function ToggleUserButton() {
  const user = useRecordContext<AdminUser>();
  const self = useIsSelf(user);
  const canEdit = useCanAccessNow({ resource: 'users', action: 'edit' });
  const [open, setOpen] = useState(false);
  const [update] = useUpdate<AdminUser>();
  const submitting = useSubmitOnce();
  const notifySuccess = useNotifySuccess();
  const translate = useTranslate();
  const refresh = useRefresh();
  if (!user || self || !canEdit) return null;

  const disabling = user.enabled;
  const action = disabling ? 'disable' : 'enable';
  const confirm = () =>
    void submitting.run(() =>
      update(
        'users',
        { id: user.id, data: { ...user, enabled: !user.enabled }, previousData: user },
        {
          mutationMode: 'pessimistic',
          returnPromise: true,
          onSuccess: () => {
            setOpen(false);
            notifySuccess('aq.notifications.saved');
            refresh();
          },
          onError: () => setOpen(false),
        },
      ),
    );

  return (
    <>
      <Button
        size="small"
        color={disabling ? 'error' : 'success'}
        startIcon={disabling ? <BlockIcon /> : <CheckCircleOutlineIcon />}
        onClick={() => setOpen(true)}
        aria-label={translate(`aq.pages.users.${action}User`, { name: user.name })}
      >
        {translate(`aq.actions.${action}`)}
      </Button>
      <Confirm
        isOpen={open}
        loading={submitting.pending}
        title={`aq.confirm.${action}User.title`}
        content={`aq.confirm.${action}User.content`}
        translateOptions={{ name: user.name }}
        confirm={`aq.actions.${action}`}
        confirmColor={disabling ? 'warning' : 'primary'}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
