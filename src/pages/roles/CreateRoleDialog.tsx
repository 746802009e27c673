/** 'Create a New Role': a name that is given and unused (checked here against the loaded roles, and by the server's 409). */
import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { MESSAGES } from '../../../common/validation';
import { useDataProvider } from 'react-admin';
import { ApiError, refusalOf } from '../../dataProviders/errors';
import type { AppDataProvider } from '../../dataProviders/types';
import { useSubmitOnce } from '../../components/useSubmitOnce';
import { ROLES_QUERY_KEY, roleNameError, type Role } from './rolesApi';
import { useNotifySuccess } from './useNotifySuccess';

export interface CreateRoleDialogProps {
  open: boolean;
  roles: readonly Role[];
  onClose: () => void;
  onCreated: (role: Role) => void;
}

function CreateRoleForm({ roles, onClose, onCreated }: Omit<CreateRoleDialogProps, 'open'>) {
  const notifySuccess = useNotifySuccess();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const submitting = useSubmitOnce();
  const error = serverError ?? (touched ? roleNameError(name, roles) : undefined);

  const create = useMutation({
    // Refusals show on the name field: the provider raises no banner for them.
    mutationFn: async (roleName: string) =>
      (await dataProvider.create<Role>('roles', { data: { name: roleName, permissions: {} } })).data,
    onSuccess: async (role) => {
      await queryClient.invalidateQueries({ queryKey: ROLES_QUERY_KEY });
      notifySuccess('aq.notifications.roleCreated', { name: role.name });
      onCreated(role);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) setServerError(MESSAGES.nameInUse);
      else setServerError(refusalOf(err, ['name'])?.message);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (roleNameError(name, roles)) return;
    void submitting.run(() => create.mutateAsync(name.trim()));
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle>{translate('aq.pages.roles.create')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={translate('aq.pages.roles.name')}
          name="name"
          required
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setServerError(undefined);
          }}
          onBlur={() => setTouched(true)}
          error={Boolean(error)}
          helperText={error ?? ' '}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={submitting.pending}>
          {translate('ra.action.create')}
        </Button>
      </DialogActions>
    </form>
  );
}

export function CreateRoleDialog({ open, ...props }: CreateRoleDialogProps) {
  return (
    <Dialog open={open} onClose={props.onClose} fullWidth maxWidth="xs">
      {/* Mounted only while open: every opening starts from an empty form. */}
      {open && <CreateRoleForm {...props} />}
    </Dialog>
  );
}
