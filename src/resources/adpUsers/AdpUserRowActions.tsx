/**
 * Row actions of a developer-portal user (document 2, sections 2.6, 4, 6): the enable/disable
 * toggle (toggle_panel_users) and a menu of the editing dialogs, each shown with its permission;
 * login operations are off for a disabled user.
 */
import { IconButton, ListItemText, Menu, MenuItem, Stack, Switch, Tooltip } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useState } from 'react';
import { RecordContextProvider, useNotify, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { success } from '../../components/sensors/notifications';
import { useSubmitOnce } from '../../components/useSubmitOnce';
import type { AdpUser, AdpUserUpdateMeta } from '../../dataProviders/adpUsers';
import type { Permission } from '../../../common/permissions';
import { useFieldAccess } from '../useFieldAccess';
import { AdpUserAccessDialog } from './AdpUserAccessDialog';
import { AdpUserDeleteDialog } from './AdpUserDeleteDialog';
import { AdpUserEmailDialog } from './AdpUserEmailDialog';
import { AdpUserLoginDialog } from './AdpUserLoginDialog';
import { AdpUserPlanDialog } from './AdpUserPlanDialog';
import { AdpUserSettingsDialog } from './AdpUserSettingsDialog';
import { AdpUserTypeDialog } from './AdpUserTypeDialog';

type DialogName = 'access' | 'typeContractor' | 'email' | 'planTrial' | 'settings' | 'login' | 'delete';
const DIALOGS: readonly DialogName[] = [
  'access',
  'typeContractor',
  'email',
  'planTrial',
  'settings',
  'login',
  'delete',
];

export function useAdpUserRights(): Record<DialogName | 'toggle' | 'contractor', boolean> {
  const { permissions } = useFieldAccess();
  const can = (p: Permission) => permissions.can(p);
  return {
    toggle: can('toggle_panel_users'),
    access: can('edit_contractors_adp_users'),
    typeContractor: can('edit_contractors_adp_users'),
    contractor: can('edit_contractors_adp_users') && can('view_contractors_adp_users'),
    email: can('edit_contractors_adp_users'),
    planTrial: can('edit_panel_users_plans_and_trials') && can('view_plans'),
    settings: can('edit_panel_users'),
    login: can('edit_panel_users_password'),
    delete: can('remove_panel_users'),
  };
}

function EnabledToggle({ record }: { record: AdpUser }) {
  const translate = useTranslate();
  const [update] = useUpdate<AdpUser>();
  const notify = useNotify();
  const refresh = useRefresh();
  const submitting = useSubmitOnce();
  const enabled = record.status !== 'DISABLED';
  return (
    <Switch
      size="small"
      checked={enabled}
      disabled={submitting.pending}
      slotProps={{ input: { 'aria-label': translate('adpUsers.actions.enabledOf', { name: record.nickname }) } }}
      onChange={() =>
        void submitting.run(async () => {
          const meta: AdpUserUpdateMeta = { action: 'status' };
          await update(
            'adp-users',
            { id: record.id, data: { status: enabled ? 'DISABLED' : 'ENABLED' }, previousData: record, meta },
            { mutationMode: 'pessimistic', returnPromise: true },
          );
          notify(
            ...success(enabled ? 'adpUsers.toggle.disabled' : 'adpUsers.toggle.enabled', { name: record.nickname }),
          );
          refresh();
        })
      }
    />
  );
}

export function AdpUserRowActions({ record }: { record: AdpUser }) {
  const translate = useTranslate();
  const rights = useAdpUserRights();
  const refresh = useRefresh();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState<DialogName | null>(null);
  const offered = DIALOGS.filter((d) => rights[d]);
  const close = () => setOpen(null);
  const saved = () => refresh();
  const loginOff = record.status === 'DISABLED';
  const label = translate('adpUsers.actions.more', { name: record.nickname });
  return (
    <Stack direction="row" alignItems="center" justifyContent="flex-end">
      {rights.toggle && <EnabledToggle record={record} />}
      {offered.length > 0 && (
        <Tooltip title={label}>
          <IconButton size="small" aria-label={label} onClick={(e) => setAnchor(e.currentTarget)}>
            <MoreVertIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {offered.map((d) => (
          <MenuItem
            key={d}
            disabled={d === 'login' && loginOff}
            onClick={() => {
              setAnchor(null);
              setOpen(d);
            }}
          >
            <ListItemText
              primary={translate(`adpUsers.actions.${d}`)}
              secondary={d === 'login' && loginOff ? translate('adpUsers.actions.loginDisabled') : undefined}
            />
          </MenuItem>
        ))}
      </Menu>
      {/* The dialogs' forms start from their own values, not from the row's record (react-admin's
          <Form> would lay the row's `plan` and `trial` objects over them). */}
      <RecordContextProvider value={undefined}>
        {open === 'access' && <AdpUserAccessDialog record={record} onSaved={saved} onClose={close} />}
        {open === 'typeContractor' && (
          <AdpUserTypeDialog record={record} canContractor={rights.contractor} onSaved={saved} onClose={close} />
        )}
        {open === 'email' && <AdpUserEmailDialog record={record} onSaved={saved} onClose={close} />}
        {open === 'planTrial' && <AdpUserPlanDialog record={record} onSaved={saved} onClose={close} />}
        {open === 'settings' && <AdpUserSettingsDialog record={record} onSaved={saved} onClose={close} />}
        {open === 'login' && <AdpUserLoginDialog record={record} onSaved={saved} onClose={close} />}
        {open === 'delete' && <AdpUserDeleteDialog record={record} onDeleted={saved} onClose={close} />}
      </RecordContextProvider>
    </Stack>
  );
}
