/**
 * The role column: a dropdown of every role for other users (with admin_edit_users), plain readable
 * text for oneself and for those who may not change roles. A change is saved at once.
 */
import { MenuItem, TextField, Typography } from '@mui/material';
import { useRecordContext, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { roleLabel } from '../../../common/permissions';
import { useRoles } from '../../pages/roles/rolesApi';
import { useCanAccessNow } from '../useCanAccessNow';
import type { AdminUser } from './types';
import { useIsSelf } from './useIsSelf';
import { useNotifySuccess } from '../../pages/roles/useNotifySuccess';

export function UserRoleInput() {
  const user = useRecordContext<AdminUser>();
  const self = useIsSelf(user);
  const canEdit = useCanAccessNow({ resource: 'users', action: 'edit' });
  const { data: roles } = useRoles();
  const [update, { isPending }] = useUpdate<AdminUser>();
  const notifySuccess = useNotifySuccess();
  const translate = useTranslate();
  const refresh = useRefresh();
  if (!user) return null;
  if (self || !canEdit) return <Typography variant="body2">{roleLabel(user.role)}</Typography>;

  const names = roles?.map((r) => r.name) ?? [];
  if (!names.some((n) => n.toLowerCase() === user.role.toLowerCase())) names.unshift(user.role);
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
            'aria-label': translate('aq.pages.users.roleOf', { name: user.name }),
            'aria-labelledby': undefined,
          },
        },
      }}
    >
      {names.map((name) => (
        <MenuItem key={name} value={name}>
          {roleLabel(name)}
        </MenuItem>
      ))}
    </TextField>
  );
}
