/**
 * The create-token dialog: a required name, permissions chosen among those the caller holds, and
 * one of the seven lifetimes (a week by default). Sends `{name, permissions, time}`; the created
 * token, secret included, goes to `onCreated` for the one-time secret dialog.
 */
import { useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { DEFAULT_TOKEN_EXPIRY_MS, TOKEN_EXPIRY_OPTIONS } from '../../../common/domain';
import { NAME_LIMITS, nameRule } from '../../../common/validation';
import { refusalOf } from '../../dataProviders/errors';
import { newIdempotencyKey, useSubmitOnce } from '../../components/useSubmitOnce';
import { TokenPermissionsInput } from './TokenPermissionsInput';
import { useCreateToken, useTokenPermissions } from './useTokens';
import type { CreatedToken, TokenDraft } from './types';

const tokenNameRule = nameRule(NAME_LIMITS.token);

export interface CreateTokenDialogProps {
  /** Prefill (duplicate); omitted for a new token. */
  draft?: TokenDraft;
  onClose(): void;
  onCreated(token: CreatedToken): void;
}

export function CreateTokenDialog({ draft, onClose, onCreated }: CreateTokenDialogProps) {
  const translate = useTranslate();
  const permissionsQuery = useTokenPermissions(true);
  const create = useCreateToken();
  const submitting = useSubmitOnce();
  const busy = submitting.pending || create.isPending;
  const [name, setName] = useState(draft?.name ?? '');
  const [touched, setTouched] = useState(false);
  const [chosen, setChosen] = useState<string[]>(draft?.permissions ?? []);
  const [time, setTime] = useState<number>(DEFAULT_TOKEN_EXPIRY_MS);
  /** What the server refused, on the name or above the form (never in the banner behind the dialog). */
  const [refusal, setRefusal] = useState<{ field?: string; message: string }>();

  const available = useMemo(() => permissionsQuery.data ?? [], [permissionsQuery.data]);
  const held = useMemo(() => new Set(available), [available]);
  // A duplicated token may carry permissions the caller no longer holds: they are left out.
  const permissions = permissionsQuery.data ? chosen.filter((p) => held.has(p)) : chosen;
  const dropped = permissionsQuery.data ? chosen.length - permissions.length : 0;
  const nameError =
    (touched ? tokenNameRule(name) : undefined) ?? (refusal?.field === 'name' ? refusal.message : undefined);
  const formError = refusal && refusal.field !== 'name' ? refusal.message : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (tokenNameRule(name)) return;
    const payload = { name: name.trim(), permissions: [...permissions].sort(), time };
    setRefusal(undefined);
    void submitting.run(async () => {
      try {
        onCreated(await create.mutateAsync({ payload, idempotencyKey: newIdempotencyKey() }));
      } catch (err) {
        setRefusal(refusalOf(err, ['name']));
      }
    });
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby="create-token-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="create-token-title">
          {translate(draft ? 'aq.pages.tokens.createDuplicate' : 'aq.pages.tokens.create')}
        </DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {formError && (
            <Alert severity="warning" data-testid="create-token-error">
              {formError}
            </Alert>
          )}
          <Box sx={{ display: 'flex', gap: 2, pt: 1, flexWrap: 'wrap' }}>
            <TextField
              name="name"
              label={translate('aq.pages.tokens.fields.name')}
              required
              autoFocus
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                if (refusal?.field === 'name') setRefusal(undefined);
              }}
              onBlur={() => setTouched(true)}
              error={Boolean(nameError)}
              helperText={nameError ?? ' '}
              sx={{ flex: '2 1 260px' }}
            />
            <TextField
              select
              name="time"
              label={translate('aq.pages.tokens.expiresIn')}
              value={time}
              onChange={(e) => setTime(Number(e.target.value))}
              helperText=" "
              sx={{ flex: '1 1 200px' }}
            >
              {TOKEN_EXPIRY_OPTIONS.map((o) => (
                <MenuItem key={o.id} value={o.ms}>
                  {translate(`aq.pages.tokens.expiry.${o.id}`)}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <Box>
            <Typography variant="subtitle1" gutterBottom>
              {translate('aq.pages.tokens.fields.permissions')}
            </Typography>
            {permissionsQuery.isPending ? (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 2 }}>
                <CircularProgress size={18} />
                <Typography variant="body2">{translate('aq.loading')}</Typography>
              </Box>
            ) : (
              <TokenPermissionsInput available={available} value={permissions} onChange={setChosen} disabled={busy} />
            )}
            {dropped > 0 && (
              <Alert severity="info" sx={{ mt: 1 }}>
                {translate('aq.pages.tokens.dropped', { smart_count: dropped })}
              </Alert>
            )}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} /> : undefined}
          >
            {translate('ra.action.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
