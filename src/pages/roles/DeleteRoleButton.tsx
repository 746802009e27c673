/** DELETE with the 'Delete role' confirmation; admin and default cannot be deleted (the server refuses too). */
import { useState } from 'react';
import { Button, DialogContentText } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Confirm, useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProviders/types';
import { DisabledReason } from './DisabledReason';
import { ROLES_QUERY_KEY, isAdminRole, isDefaultRole, type Role } from './rolesApi';
import { useNotifySuccess } from './useNotifySuccess';
import { useSubmitOnce } from '../../components/useSubmitOnce';

export function DeleteRoleButton({ role, onDeleted }: { role: Role; onDeleted: (role: Role) => void }) {
  const [open, setOpen] = useState(false);
  const submitting = useSubmitOnce();
  const notifySuccess = useNotifySuccess();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const remove = useMutation({
    mutationFn: () => dataProvider.delete<Role>('roles', { id: role.id, previousData: role }),
    onSuccess: async () => {
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: ROLES_QUERY_KEY });
      notifySuccess(`Removed role "${role.name}" successfully!`);
      onDeleted(role);
    },
    onError: () => setOpen(false),
  });
  const locked = isAdminRole(role) || isDefaultRole(role);
  const users = role.userCount === 1 ? '1 user' : `${role.userCount} users`;
  return (
    <>
      <DisabledReason reason={locked ? `The ${role.name} role cannot be deleted` : undefined}>
        <Button color="error" startIcon={<DeleteIcon />} disabled={locked} onClick={() => setOpen(true)}>
          Delete
        </Button>
      </DisabledReason>
      <Confirm
        isOpen={open}
        loading={submitting.pending}
        title="Delete role"
        content={
          <DialogContentText>
            {role.userCount > 0
              ? `Delete the role "${role.name}"? Its ${users} will be moved to the default role.`
              : `Delete the role "${role.name}"?`}
          </DialogContentText>
        }
        confirm="Delete"
        confirmColor="warning"
        onConfirm={() => void submitting.run(() => remove.mutateAsync())}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
