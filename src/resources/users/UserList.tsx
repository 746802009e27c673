/**
 * Users (/users, admin_view_users): enabled users, or all with 'Show disabled'; the toolbar search
 * filters by username and display name. Avatar, username, display name, role (a dropdown for other
 * users), and enable/disable and logout actions for others, each behind its permission. The actions
 * column stays at the card's right edge when the table scrolls sideways in a narrow window.
 */
import { Box } from '@mui/material';
import { List, RefreshButton, TopToolbar, useTranslate } from 'react-admin';
import { ListPagination } from '../../components/ListPagination';
import { PAGE_SIZES } from '../../../common/domain';
import { useToolbarSearch } from '../../layout/useToolbarSearch';
import { LogoutUserButton } from './LogoutUserButton';
import { ShowDisabledSwitch, useShowDisabled } from './ShowDisabledSwitch';
import { ToggleUserButton } from './ToggleUserButton';
import type { AdminUser } from './types';
import { UserAvatarField } from './UserAvatarField';
import { UserNameField } from './UserNameField';
import { UserRoleInput } from './UserRoleInput';
import { STICKY_END_SX } from '../../layout/stickyColumn';
import { fieldLabelKey, staffUser } from '../../../common/entities';
import { visuallyHidden } from '@mui/utils';
import { type ColumnRenderers, useDeclaredColumns } from '../DeclaredColumns';
import { ListEmpty, LIST_SX } from '../ListEmpty';
import { useFieldAccess } from '../useFieldAccess';
import { GridDataTable } from '../../components/grid/GridDataTable';

function AvatarHeader() {
  const translate = useTranslate();
  return (
    <Box component="span" sx={visuallyHidden}>
      {translate(fieldLabelKey(staffUser, 'avatar'))}
    </Box>
  );
}

/** The cells; the columns are the declaration's (common/entities/staffUser.ts). */
const CELLS: ColumnRenderers<AdminUser> = {
  // The header's text is for screen readers only (every cell has a header: WCAG 1.3.1); the column stays narrow.
  avatar: { label: <AvatarHeader />, render: () => <UserAvatarField /> },
  name: () => <UserNameField />,
  role: () => <UserRoleInput />,
  actions: { align: 'right', sx: STICKY_END_SX, render: () => <UserActions /> },
};

const UserListActions = () => (
  <TopToolbar sx={{ alignItems: 'center' }}>
    <ShowDisabledSwitch />
    <RefreshButton />
  </TopToolbar>
);

const UserActions = () => (
  <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
    <ToggleUserButton />
    <LogoutUserButton />
  </Box>
);

export function UserList() {
  const translate = useTranslate();
  const { search } = useToolbarSearch();
  const [showDisabled] = useShowDisabled();
  const { columns } = useDeclaredColumns(staffUser, useFieldAccess(), CELLS);
  return (
    <List
      resource="users"
      title={translate('resources.users.name')}
      storeKey={false}
      filter={{ ...(search ? { search } : {}), ...(showDisabled ? { showDisabled: true } : {}) }}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={PAGE_SIZES[0]}
      pagination={<ListPagination rowsPerPageOptions={[...PAGE_SIZES]} />}
      actions={<UserListActions />}
      empty={false}
      sx={LIST_SX}
    >
      <GridDataTable
        bulkActionButtons={false}
        rowClick={false}
        empty={<ListEmpty />}
        rowSx={(user) => (user.enabled ? {} : { opacity: 0.6 })}
      >
        {columns}
      </GridDataTable>
    </List>
  );
}
