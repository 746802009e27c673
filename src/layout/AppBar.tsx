/** Top bar: search, language, theme toggle, user, Sign Out. Red when the user's role is admin. */
import { Avatar, Box, Button, Tooltip, Typography } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { AppBar as RaAppBar, ToggleThemeButton, TitlePortal, useLogout, useNotify, useTranslate } from 'react-admin';
import { ADMIN_ROLE, DEFAULT_ROLE, roleLabel } from '../../common/permissions';
import { useSession } from '../state/useSession';
import { LanguageSwitch } from './LanguageSwitch';
import { ToolbarSearch } from './ToolbarSearch';

/** Roles named by the console (a role of the organisation's own is shown by its name). */
const BUILT_IN_ROLES = [ADMIN_ROLE, DEFAULT_ROLE];

function UserBadge() {
  const session = useSession();
  const translate = useTranslate();
  if (!session) return null;
  const name = session.user.displayName || session.user.name || translate('aq.employee');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mx: 1 }} data-testid="user-badge">
      <Avatar src={session.user.avatar ?? undefined} alt={name} sx={{ width: 32, height: 32 }}>
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ display: { xs: 'none', md: 'block' }, lineHeight: 1.1 }}>
        <Typography variant="body2" component="div">
          {name}
        </Typography>
        {/* Full colour: faded, the caption fell below 4.5:1 on the admin's red bar. */}
        <Typography variant="caption" component="div" data-testid="user-role">
          {BUILT_IN_ROLES.includes(session.role.toLowerCase())
            ? translate(`aq.builtInRoles.${session.role.toLowerCase()}`)
            : roleLabel(session.role)}
        </Typography>
      </Box>
    </Box>
  );
}

export function SignOutButton() {
  const logout = useLogout();
  const notify = useNotify();
  const translate = useTranslate();
  return (
    <Tooltip title={translate('aq.signOut')}>
      <Button
        color="inherit"
        startIcon={<LogoutIcon />}
        onClick={async () => {
          await logout(undefined, '/', false);
          notify('aq.loggedOut', { type: 'success' });
        }}
      >
        {translate('aq.signOut')}
      </Button>
    </Tooltip>
  );
}

export function AppBar() {
  const session = useSession();
  const isAdmin = session?.role.toLowerCase() === ADMIN_ROLE;
  return (
    <RaAppBar
      userMenu={false}
      toolbar={
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <LanguageSwitch />
          <ToggleThemeButton />
          <UserBadge />
          <SignOutButton />
        </Box>
      }
      sx={[
        // The focus ring in the bar's text colour: the theme's (primary) would not show on a primary bar.
        { '& .Mui-focusVisible': { outlineColor: 'currentColor' } },
        isAdmin && { bgcolor: 'error.main', color: 'error.contrastText' },
      ]}
      data-admin={isAdmin ? 'true' : 'false'}
    >
      {/* The page's heading: each screen's <Title> fills it, and it takes focus after navigation (PageHeadingFocus). */}
      <TitlePortal
        variant="h6"
        component="h1"
        tabIndex={-1}
        sx={{
          flex: '0 0 auto',
          minWidth: 120,
          '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 2 },
        }}
      />
      <ToolbarSearch />
    </RaAppBar>
  );
}
