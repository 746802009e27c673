/**
 * The create-token dialog: a required name, permissions chosen among those the caller holds, and
 * one of the seven lifetimes (a week by default). Sends `{name, permissions, time}`; the created
 * token, secret included, goes to `onCreated` for the one-time secret dialog.
 */
import { useMemo } from 'react';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { SelectInput, TextInput, useInput, useTranslate } from 'react-admin';
import { useFormState, type FieldValues } from 'react-hook-form';
import { DEFAULT_TOKEN_EXPIRY_MS, TOKEN_EXPIRY_OPTIONS } from '../../../common/domain';
import { NAME_LIMITS, nameRule } from '../../../common/validation';
import { FormDialog } from '../../components/FormDialog';
import { ruleValidator } from '../../components/formValidation';
import { newIdempotencyKey } from '../../components/useSubmitOnce';
import { TokenPermissionsInput } from './TokenPermissionsInput';
import { useCreateToken, useTokenPermissions } from './useTokens';
import type { CreatedToken, TokenDraft } from './types';

const validateName = ruleValidator(nameRule(NAME_LIMITS.token));
const EXPIRY_CHOICES = TOKEN_EXPIRY_OPTIONS.map((o) => ({ id: o.ms, name: `aq.pages.tokens.expiry.${o.id}` }));
const FIELDS = ['name'] as const;

interface TokenValues {
  name: string | null;
  permissions: string[];
  time: number;
}

/** Only permissions the caller holds go into a token: a duplicate's others are left out. */
const heldOnly = (chosen: readonly string[], held: readonly string[] | undefined) =>
  held ? chosen.filter((p) => held.includes(p)) : [...chosen];

/** The `permissions` of the form, picked among `available` (undefined while they load). */
function TokenPermissionsField({ available }: { available: readonly string[] | undefined }) {
  const translate = useTranslate();
  const { field } = useInput<string[]>({ source: 'permissions' });
  const { isSubmitting } = useFormState();
  const chosen: string[] = field.value ?? [];
  const value = heldOnly(chosen, available);
  const dropped = chosen.length - value.length;
  return (
    <Box>
      <Typography variant="subtitle1" gutterBottom>
        {translate('aq.pages.tokens.fields.permissions')}
      </Typography>
      {available ? (
        <TokenPermissionsInput available={available} value={value} onChange={field.onChange} disabled={isSubmitting} />
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 2 }}>
          <CircularProgress size={18} />
          <Typography variant="body2">{translate('aq.loading')}</Typography>
        </Box>
      )}
      {dropped > 0 && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {translate('aq.pages.tokens.dropped', { smart_count: dropped })}
        </Alert>
      )}
    </Box>
  );
}

export interface CreateTokenDialogProps {
  /** Prefill (duplicate); omitted for a new token. */
  draft?: TokenDraft;
  onClose(): void;
  onCreated(token: CreatedToken): void;
}

export function CreateTokenDialog({ draft, onClose, onCreated }: CreateTokenDialogProps) {
  const permissionsQuery = useTokenPermissions(true);
  const create = useCreateToken();
  const available = permissionsQuery.data;
  const defaultValues = useMemo(
    () => ({ name: draft?.name ?? '', permissions: draft?.permissions ?? [], time: DEFAULT_TOKEN_EXPIRY_MS }),
    [draft],
  );

  const submit = async (values: FieldValues) => {
    const { name, permissions, time } = values as TokenValues;
    const payload = { name: (name ?? '').trim(), permissions: heldOnly(permissions, available).sort(), time };
    onCreated(await create.mutateAsync({ payload, idempotencyKey: newIdempotencyKey() }));
  };

  return (
    <FormDialog
      title={draft ? 'aq.pages.tokens.createDuplicate' : 'aq.pages.tokens.create'}
      saveLabel="ra.action.create"
      defaultValues={defaultValues}
      fields={FIELDS}
      validateOnBlur
      onSubmit={submit}
      onClose={onClose}
      maxWidth="md"
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 2, pt: 1, flexWrap: 'wrap' }}>
          <TextInput
            source="name"
            label="aq.pages.tokens.fields.name"
            validate={validateName}
            isRequired
            autoFocus
            margin="none"
            sx={{ flex: '2 1 260px' }}
          />
          <SelectInput
            source="time"
            label="aq.pages.tokens.expiresIn"
            choices={EXPIRY_CHOICES}
            isRequired
            margin="none"
            sx={{ flex: '1 1 200px' }}
          />
        </Box>
        <TokenPermissionsField available={available} />
      </Box>
    </FormDialog>
  );
}
