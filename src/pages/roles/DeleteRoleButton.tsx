/**
 * DELETE with the 'Delete role' confirmation. Admin and default cannot be deleted, nor one's own
 * role; a role with users only by someone who may assign the default role its users move to (the
 * server refuses each too).
 */
import { useState } from 'react';
import { Button } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Confirm, useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProviders/types';
import { DisabledReason } from './DisabledReason';
import { ROLES_QUERY_KEY, isAdminRole, isDefaultRole, type Role } from './rolesApi';
import { useGrantor } from './useGrantor';
import { useNotifySuccess } from './useNotifySuccess';
import { useSubmitOnce } from '../../components/useSubmitOnce';

export interface DeleteRoleButtonProps {
  role: Role;
  /** The default role, where the deleted role's users go. */
  fallback: Role | undefined;
  onDeleted: (role: Role) => void;
}

export function DeleteRoleButton({ role, fallback, onDeleted }: DeleteRoleButtonProps) {
  const [open, setOpen] = useState(false);
  const submitting = useSubmitOnce();
  const notifySuccess = useNotifySuccess();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const grantor = useGrantor();
  const remove = useMutation({
    mutationFn: () => dataProvider.delete<Role>('roles', { id: role.id, previousData: role }),
    onSuccess: async () => {
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: ROLES_QUERY_KEY });
      notifySuccess('aq.notifications.roleRemoved', { name: role.name });
      onDeleted(role);
    },
    onError: () => setOpen(false),
  });
  const reason =
    isAdminRole(role) || isDefaultRole(role)
      ? translate('aq.pages.roles.cannotDelete', { name: role.name })
      : grantor.isOwn(role)
        ? translate('aq.pages.roles.cannotDeleteOwn')
        : role.userCount > 0 && fallback && !grantor.canAssign(fallback)
          ? translate('aq.pages.roles.cannotDeleteUsers')
          : undefined;
  const users = translate('aq.pages.roles.userCount', { smart_count: role.userCount });
  return (
    <>
      <DisabledReason reason={reason}>
        <Button color="error" startIcon={<DeleteIcon />} disabled={Boolean(reason)} onClick={() => setOpen(true)}>
          {translate('ra.action.delete')}
        </Button>
      </DisabledReason>
      <Confirm
        isOpen={open}
        loading={submitting.pending}
        title="aq.confirm.deleteRole.title"
        content={role.userCount > 0 ? 'aq.confirm.deleteRole.contentWithUsers' : 'aq.confirm.deleteRole.content'}
        translateOptions={{ name: role.name, users }}
        confirm="ra.action.delete"
        confirmColor="warning"
        onConfirm={() => void submitting.run(() => remove.mutateAsync())}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
