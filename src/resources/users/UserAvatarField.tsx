/** The user's avatar, or the first letter of their name. */
import { Avatar } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { AdminUser } from './types';

export function UserAvatarField() {
  const user = useRecordContext<AdminUser>();
  if (!user) return null;
  const name = user.displayName || user.name;
  return (
    <Avatar src={user.avatar ?? undefined} alt={name} sx={{ width: 32, height: 32, fontSize: 15 }}>
      {name.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}
