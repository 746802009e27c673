/**
 * Roles (/users/roles, admin_view_roles): a role selector bound to the `id` query parameter
 * (default: the first role), EDIT / SAVE / CANCEL, DELETE, refresh, the 'Create a New Role' dialog
 * and the permissions editor. `admin` cannot be edited; `admin` and `default` cannot be renamed or
 * deleted; one's own role is read-only; the editor offers only the permissions the signed-in user
 * may grant (those they hold), besides those the role has already (the controls say why; the server
 * refuses each too).
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Box, Button, Card, CardContent, Chip, MenuItem, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import GroupIcon from '@mui/icons-material/Group';
import SaveIcon from '@mui/icons-material/Save';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RefreshButton, Title, useDataProvider, useTranslate } from 'react-admin';
import { MESSAGES, type RuleMessage } from '../../../common/validation';
import { translateRule } from '../../components/formValidation';
import { roleLabel } from '../../../common/permissions';
import { useAppAuthProvider } from '../../authProvider';
import type { AppDataProvider } from '../../dataProviders/types';
import { ApiError } from '../../dataProviders/errors';
import { useSubmitOnce } from '../../components/useSubmitOnce';
import { useSession } from '../../state/useSession';
import { CreateRoleDialog } from './CreateRoleDialog';
import { DeleteRoleButton } from './DeleteRoleButton';
import { DisabledReason } from './DisabledReason';
import { PermissionsEditor } from './PermissionsEditor';
import { ROLES_QUERY_KEY, isAdminRole, isDefaultRole, roleNameError, useRoles, type Role } from './rolesApi';
import { useGrantor } from './useGrantor';
import { useNotifySuccess } from './useNotifySuccess';
import { useCanAccessNow } from '../../resources/useCanAccessNow';

interface Draft {
  roleId: number;
  name: string;
  permissions: Record<string, boolean>;
}

/** The signed-in user's menu and guards follow their own role at once when it changes. */
function useRefreshOwnRole() {
  const session = useSession();
  const auth = useAppAuthProvider();
  return (roleName: string) => {
    if (session && session.role.toLowerCase() === roleName.toLowerCase())
      void auth.refreshSession().catch(() => undefined);
  };
}

function useSaveRole(onSaved: () => void, onNameInUse: () => void) {
  const notifySuccess = useNotifySuccess();
  const queryClient = useQueryClient();
  const refreshOwnRole = useRefreshOwnRole();
  const dataProvider = useDataProvider<AppDataProvider>();
  return useMutation({
    // A taken name (409) is shown on the name field: the provider raises no banner for it.
    mutationFn: async ({ draft }: { draft: Draft; previousName: string }) =>
      (
        await dataProvider.update<Role>('roles', {
          id: draft.roleId,
          data: { name: draft.name.trim(), permissions: draft.permissions },
          previousData: undefined,
        })
      ).data,
    onSuccess: async (_role, { previousName }) => {
      await queryClient.invalidateQueries({ queryKey: ROLES_QUERY_KEY });
      notifySuccess('aq.notifications.saved');
      onSaved();
      refreshOwnRole(previousName);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) onNameInUse();
    },
  });
}

export function RolesPage() {
  const translate = useTranslate();
  const canCreate = useCanAccessNow({ resource: 'roles', action: 'create' });
  const canEdit = useCanAccessNow({ resource: 'roles', action: 'edit' });
  const canDelete = useCanAccessNow({ resource: 'roles', action: 'delete' });
  const refreshOwnRole = useRefreshOwnRole();
  const grantor = useGrantor();
  const { data: roles, isPending } = useRoles();
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [nameError, setNameError] = useState<RuleMessage>();
  const [creating, setCreating] = useState(false);
  const submitting = useSubmitOnce();
  const save = useSaveRole(
    () => setDraft(null),
    () => setNameError(MESSAGES.nameInUse),
  );

  const selected = roles?.find((r) => String(r.id) === params.get('id')) ?? roles?.[0];
  // A draft belongs to one role: navigating to another (back button) leaves edit mode.
  const editing = draft && selected && draft.roleId === selected.id ? draft : null;

  const select = (id: number | undefined) => {
    setDraft(null);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id === undefined) next.delete('id');
        else next.set('id', String(id));
        return next;
      },
      { replace: id === undefined },
    );
  };

  if (isPending)
    return (
      <Typography sx={{ p: 4 }} color="text.secondary">
        {translate('aq.loading')}
      </Typography>
    );
  if (!roles?.length || !selected)
    return (
      <Typography sx={{ p: 4 }} color="text.secondary">
        {translate('aq.noData')}
      </Typography>
    );

  const adminRole = isAdminRole(selected);
  const defaultRole = isDefaultRole(selected);
  const ownRole = grantor.isOwn(selected);
  const editReason = adminRole
    ? translate('aq.pages.roles.cannotEdit')
    : ownRole
      ? translate('aq.pages.roles.cannotEditOwn')
      : undefined;
  // Granting is adding: what the role holds already may stay, or go.
  const isLocked = (name: string) => !selected.permissions[name] && !grantor.canGrant(name);
  const startEditing = () => {
    setNameError(undefined);
    setDraft({ roleId: selected.id, name: selected.name, permissions: { ...selected.permissions } });
  };
  const submit = () => {
    if (!editing) return;
    const error = roleNameError(editing.name, roles, selected.id);
    setNameError(error);
    if (!error) void submitting.run(() => save.mutateAsync({ draft: editing, previousName: selected.name }));
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, py: 2 }} data-testid="roles-page">
      <Title title="menu.roles" />
      <Card>
        <CardContent sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label={translate('aq.pages.roles.role')}
            value={selected.id}
            disabled={Boolean(editing)}
            onChange={(e) => select(Number(e.target.value))}
            sx={{ minWidth: 240 }}
          >
            {roles.map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {roleLabel(r.name)}
              </MenuItem>
            ))}
          </TextField>
          {editing && (
            <DisabledReason reason={defaultRole ? translate('aq.pages.roles.cannotRename') : undefined}>
              <TextField
                size="small"
                label={translate('aq.pages.roles.name')}
                name="name"
                required
                autoFocus={!defaultRole}
                value={editing.name}
                disabled={defaultRole}
                onChange={(e) => {
                  setNameError(undefined);
                  setDraft({ ...editing, name: e.target.value });
                }}
                error={Boolean(nameError)}
                helperText={nameError && translateRule(translate, nameError)}
                sx={{ minWidth: 240 }}
              />
            </DisabledReason>
          )}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 40 }}>
            <Chip
              icon={<GroupIcon />}
              label={translate('aq.pages.roles.userCount', { smart_count: selected.userCount })}
              size="small"
              data-testid="role-user-count"
            />
            {selected.builtIn && <Chip label={translate('aq.pages.roles.builtIn')} size="small" variant="outlined" />}
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 'auto', flexWrap: 'wrap' }}>
            {editing ? (
              <>
                <Button variant="contained" startIcon={<SaveIcon />} onClick={submit} disabled={submitting.pending}>
                  {translate('ra.action.save')}
                </Button>
                <Button startIcon={<CloseIcon />} onClick={() => setDraft(null)} disabled={submitting.pending}>
                  {translate('ra.action.cancel')}
                </Button>
              </>
            ) : (
              <>
                {canCreate && (
                  <Button startIcon={<AddIcon />} onClick={() => setCreating(true)}>
                    {translate('aq.pages.roles.new')}
                  </Button>
                )}
                {canEdit && (
                  <DisabledReason reason={editReason}>
                    <Button startIcon={<EditIcon />} disabled={Boolean(editReason)} onClick={startEditing}>
                      {translate('ra.action.edit')}
                    </Button>
                  </DisabledReason>
                )}
                {canDelete && (
                  <DeleteRoleButton
                    role={selected}
                    fallback={roles.find(isDefaultRole)}
                    onDeleted={(role) => {
                      select(undefined);
                      refreshOwnRole(role.name);
                    }}
                  />
                )}
                <RefreshButton />
              </>
            )}
          </Box>
        </CardContent>
      </Card>
      {(adminRole || ownRole) && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>
          {/* Nobody edits the admin role: 'only someone else can' would not be true of it. */}
          {translate(adminRole ? 'aq.pages.roles.adminHoldsAll' : 'aq.pages.roles.ownRole')}
        </Typography>
      )}
      <PermissionsEditor
        value={editing ? editing.permissions : selected.permissions}
        disabled={!editing}
        isLocked={isLocked}
        onChange={(next) => editing && setDraft({ ...editing, permissions: next })}
      />
      <CreateRoleDialog
        open={creating}
        roles={roles}
        onClose={() => setCreating(false)}
        onCreated={(role) => {
          setCreating(false);
          select(role.id);
        }}
      />
    </Box>
  );
}
