/** 'Create a New Role': a name that is given and unused (checked here against the loaded roles, and by the server's 409). */
import { useMemo } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TextInput, useDataProvider, type Validator } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { AppDataProvider } from '../../dataProviders/types';
import { FormDialog } from '../../components/FormDialog';
import { ruleError } from '../../components/formValidation';
import { ROLES_QUERY_KEY, roleNameError, type Role } from './rolesApi';
import { useNotifySuccess } from './useNotifySuccess';

export interface CreateRoleDialogProps {
  open: boolean;
  roles: readonly Role[];
  onClose: () => void;
  onCreated: (role: Role) => void;
}

const FIELDS = ['name'] as const;

function CreateRoleForm({ roles, onClose, onCreated }: Omit<CreateRoleDialogProps, 'open'>) {
  const notifySuccess = useNotifySuccess();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const validateName = useMemo<Validator>(
    () => (name: string | null) => {
      const error = roleNameError(name ?? '', roles);
      return error && ruleError(error);
    },
    [roles],
  );

  const create = useMutation({
    // Refusals show on the name field: the provider raises no banner for them.
    mutationFn: async (roleName: string) =>
      (await dataProvider.create<Role>('roles', { data: { name: roleName, permissions: {} } })).data,
    onSuccess: async (role) => {
      await queryClient.invalidateQueries({ queryKey: ROLES_QUERY_KEY });
      notifySuccess('aq.notifications.roleCreated', { name: role.name });
      onCreated(role);
    },
  });

  return (
    <FormDialog
      title="aq.pages.roles.create"
      saveLabel="ra.action.create"
      defaultValues={{ name: '' }}
      fields={FIELDS}
      validateOnBlur
      onSubmit={(values: FieldValues) => create.mutateAsync(String(values.name ?? '').trim())}
      onClose={onClose}
    >
      <TextInput
        source="name"
        label="aq.pages.roles.name"
        validate={validateName}
        isRequired
        autoFocus
        fullWidth
        margin="dense"
      />
    </FormDialog>
  );
}

/** Mounted only while open: every opening starts from an empty form. */
export function CreateRoleDialog({ open, ...props }: CreateRoleDialogProps) {
  return open ? <CreateRoleForm {...props} /> : null;
}
