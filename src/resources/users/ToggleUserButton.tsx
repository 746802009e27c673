/**
 * Enable or disable another user, after a confirmation. Disabling deactivates the user's tokens and
 * ends all their sessions at once and cannot be undone; enabling only lets them sign in again, and
 * gives them their role's permissions back. Either is offered only when the signed-in user may
 * assign the user's role — nobody changes a user above them, and only admins change admins (the
 * server refuses otherwise) — else the button is disabled with the reason.
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
import { DisabledReason } from '../../pages/roles/DisabledReason';
import { useRoles } from '../../pages/roles/rolesApi';
import { useGrantor } from '../../pages/roles/useGrantor';

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
  const { data: roles } = useRoles();
  const grantor = useGrantor();
  if (!user || self || !canEdit) return null;

  const disabling = user.enabled;
  const role = roles?.find((r) => r.name.toLowerCase() === user.role.toLowerCase());
  const refusal = role === undefined ? null : grantor.assignRefusal(role);
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
      <DisabledReason
        reason={
          refusal
            ? translate(
                refusal.reason === 'adminOnly' ? 'aq.pages.users.cannotChangeAdmin' : 'aq.pages.users.cannotChange',
                {
                  role: user.role,
                },
              )
            : undefined
        }
      >
        <Button
          size="small"
          color={disabling ? 'error' : 'success'}
          startIcon={disabling ? <BlockIcon /> : <CheckCircleOutlineIcon />}
          disabled={refusal !== null}
          onClick={() => setOpen(true)}
          aria-label={translate(`aq.pages.users.${action}User`, { name: user.name })}
        >
          {translate(`aq.actions.${action}`)}
        </Button>
      </DisabledReason>
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
