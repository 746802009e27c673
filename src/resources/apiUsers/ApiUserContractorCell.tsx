/**
 * The contractor of an API-key user (document 2, sections 2.7, 6, 7): its name, and — with
 * edit_api_users or edit_api_users_contractor (only the latter for an internal account) — a dialog
 * to assign one (PATCH /users/{id}/contractor; entries shown as [id] name) and a confirmed removal
 * (DELETE /users/{id}/contractor).
 */
import { useMemo, useState } from 'react';
import { Box, IconButton, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { AutocompleteInput, Confirm, NumberInput, useGetList, useNotify, useTranslate, useUpdate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { CONTRACTOR_FETCH_LIMIT } from '../../../common/domain';
import { required } from '../../../common/validation';
import { FormDialog } from '../../components/FormDialog';
import { ruleValidator } from '../../components/formValidation';
import { success } from '../../components/sensors/notifications';
import { TruncatedText } from '../../components/TruncatedText';
import { useSubmitOnce } from '../../components/useSubmitOnce';
import type { ApiUser, ApiUserUpdateMeta } from '../../dataProviders/apiUsers';
import { usePermissionSet } from '../../state/useSession';

interface Contractor {
  id: number;
  name: string;
}
const contractorText = (c: Contractor | undefined) => (c ? `[${c.id}] ${c.name}` : '');
const requiredRule = ruleValidator(required);

/** Sets (a number) or removes (null) the user's contractor: `PATCH` or `DELETE /users/{id}/contractor`. */
function useSetContractor(user: ApiUser) {
  const [update] = useUpdate<ApiUser>();
  const meta: ApiUserUpdateMeta = { action: 'contractor' };
  return (contractorId: number | null) =>
    update(
      'api-users',
      { id: user.id, data: { contractorId }, previousData: user, meta },
      { mutationMode: 'pessimistic', returnPromise: true },
    );
}

/** Every contractor for the pickers (needs view_contractors; without it the id is typed). */
export function useContractorChoices(enabled = true) {
  const canList = usePermissionSet().can('view_contractors');
  const { data, isPending } = useGetList<Contractor>(
    'contractors',
    { pagination: { page: 1, perPage: CONTRACTOR_FETCH_LIMIT }, sort: { field: 'name', order: 'ASC' } },
    { enabled: enabled && canList, staleTime: 60_000 },
  );
  return { canList, choices: useMemo(() => (data ?? []).map((c) => ({ id: c.id, name: c.name })), [data]), isPending };
}

function ContractorDialog({ user, onSaved, onClose }: { user: ApiUser; onSaved(): void; onClose(): void }) {
  const notify = useNotify();
  const setContractor = useSetContractor(user);
  const { canList, choices, isPending } = useContractorChoices();
  return (
    <FormDialog
      title="apiUsers.contractor.title"
      titleArgs={{ name: user.username }}
      defaultValues={{ contractorId: user.contractorId }}
      fields={['contractorId']}
      requireValidChange
      onSubmit={async (values: FieldValues) => {
        await setContractor(Number(values.contractorId));
        onSaved();
        notify(...success('aq.notifications.saved'));
        onClose();
      }}
      onClose={onClose}
    >
      {canList ? (
        <AutocompleteInput
          source="contractorId"
          label="apiUsers.contractor.label"
          choices={choices}
          optionText={contractorText}
          isPending={isPending}
          validate={requiredRule}
          translateChoice={false}
          fullWidth
        />
      ) : (
        <NumberInput source="contractorId" label="apiUsers.contractor.label" validate={requiredRule} fullWidth />
      )}
    </FormDialog>
  );
}

export function ApiUserContractorCell({
  user,
  canEdit,
  onSaved,
}: {
  user: ApiUser;
  canEdit: boolean;
  onSaved(): void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const setContractor = useSetContractor(user);
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const submitting = useSubmitOnce();
  const name = user.contractorName ?? (user.contractorId === null ? null : `#${user.contractorId}`);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <TruncatedText text={name} maxWidth={150} />
      {canEdit && (
        <>
          <Tooltip title={translate('apiUsers.actions.editContractorOf', { name: user.username })}>
            <IconButton
              size="small"
              onClick={() => setEditing(true)}
              aria-label={translate('apiUsers.actions.editContractorOf', { name: user.username })}
            >
              <EditIcon fontSize="inherit" />
            </IconButton>
          </Tooltip>
          {user.contractorId !== null && (
            <Tooltip title={translate('apiUsers.contractor.remove')}>
              <IconButton
                size="small"
                onClick={() => setRemoving(true)}
                aria-label={translate('apiUsers.contractor.removeConfirm', { name: user.username })}
              >
                <LinkOffIcon fontSize="inherit" />
              </IconButton>
            </Tooltip>
          )}
        </>
      )}
      {editing && <ContractorDialog user={user} onSaved={onSaved} onClose={() => setEditing(false)} />}
      <Confirm
        isOpen={removing}
        loading={submitting.pending}
        title="apiUsers.contractor.remove"
        content="apiUsers.contractor.removeConfirm"
        translateOptions={{ name: user.username }}
        confirm="apiUsers.contractor.remove"
        confirmColor="warning"
        onConfirm={() =>
          void submitting.run(async () => {
            try {
              await setContractor(null);
              notify(...success('aq.notifications.saved'));
              onSaved();
            } finally {
              setRemoving(false);
            }
          })
        }
        onClose={() => setRemoving(false)}
      />
    </Box>
  );
}
