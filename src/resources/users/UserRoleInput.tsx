/**
 * The role column: a dropdown of the roles the signed-in user may assign (those holding nothing
 * beyond their own permissions; admin only for an admin) for other users (with admin_edit_users),
 * plain readable text for oneself, for those who may not change roles and for a user above the
 * signed-in one (whose current role they may not assign: only admins change admins). The user's
 * current role stays shown, disabled when it is not one of them. A change is saved at once.
 */
import { MenuItem, TextField, Typography } from '@mui/material';
import { useRecordContext, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { roleLabel } from '../../../common/permissions';
import { useRoles } from '../../pages/roles/rolesApi';
import { useGrantor } from '../../pages/roles/useGrantor';
import { useCanAccessNow } from '../useCanAccessNow';
import type { AdminUser } from './types';
import { useIsSelf } from './useIsSelf';
import { useNotifySuccess } from '../../pages/roles/useNotifySuccess';

export function UserRoleInput() {
  const user = useRecordContext<AdminUser>();
  const self = useIsSelf(user);
  const canEdit = useCanAccessNow({ resource: 'users', action: 'edit' });
  const { data: roles } = useRoles();
  const grantor = useGrantor();
  const [update, { isPending }] = useUpdate<AdminUser>();
  const notifySuccess = useNotifySuccess();
  const translate = useTranslate();
  const refresh = useRefresh();
  if (!user) return null;
  const isCurrent = (name: string) => name.toLowerCase() === user.role.toLowerCase();
  const current = roles?.find((r) => isCurrent(r.name));
  const above = current !== undefined && !grantor.canAssign(current);
  if (self || !canEdit || above) return <Typography variant="body2">{roleLabel(user.role)}</Typography>;

  const choices = (roles ?? [])
    .map((r) => ({ name: r.name, assignable: grantor.canAssign(r) }))
    .filter((c) => c.assignable || isCurrent(c.name));
  if (!choices.some((c) => isCurrent(c.name))) choices.unshift({ name: user.role, assignable: false });
  return (
    <TextField
      select
      size="small"
      variant="standard"
      value={user.role}
      disabled={isPending}
      onChange={(e) =>
        update(
          'users',
          { id: user.id, data: { ...user, role: e.target.value }, previousData: user },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => {
              notifySuccess('aq.notifications.saved');
              refresh();
            },
          },
        )
      }
      sx={{ minWidth: 140, '& .MuiInputBase-root': { typography: 'body2' } }}
      // The select labels itself with its own text unless told otherwise.
      slotProps={{
        select: {
          SelectDisplayProps: {
            'aria-label': translate('aq.valueNames.role', { role: roleLabel(user.role), name: user.name }),
            'aria-labelledby': undefined,
          },
        },
      }}
    >
      {choices.map(({ name, assignable }) => (
        <MenuItem key={name} value={name} disabled={!assignable}>
          {roleLabel(name)}
        </MenuItem>
      ))}
    </TextField>
  );
}
