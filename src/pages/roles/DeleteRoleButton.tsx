/** DELETE with the 'Delete role' confirmation; admin and default cannot be deleted (the server refuses too). */
import { useState } from 'react';
import { Button } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Confirm, useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProviders/types';
import { DisabledReason } from './DisabledReason';
import { ROLES_QUERY_KEY, isAdminRole, isDefaultRole, type Role } from './rolesApi';
import { useNotifySuccess } from './useNotifySuccess';
import { useSubmitOnce } from '../../components/useSubmitOnce';

export function DeleteRoleButton({ role, onDeleted }: { role: Role; onDeleted: (role: Role) => void }) {
  const [open, setOpen] = useState(false);
  const submitting = useSubmitOnce();
  const notifySuccess = useNotifySuccess();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
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
  const locked = isAdminRole(role) || isDefaultRole(role);
  const users = translate('aq.pages.roles.userCount', { smart_count: role.userCount });
  return (
    <>
      <DisabledReason reason={locked ? translate('aq.pages.roles.cannotDelete', { name: role.name }) : undefined}>
        <Button color="error" startIcon={<DeleteIcon />} disabled={locked} onClick={() => setOpen(true)}>
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
