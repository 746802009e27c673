/**
 * Issuing an API key (beyond the spec; issue 12): a confirmation first (a new key makes the current
 * one stop working at once), then the key itself, shown this once, with a copy button. The key is
 * kept only in this dialog's state: closing it forgets the key.
 */
import { useState } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  InputAdornment,
  TextField,
  Tooltip,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { success } from '../../components/sensors/notifications';
import { useSubmitOnce } from '../../components/useSubmitOnce';
import type { ApiUser, IssuedApiKey } from '../../dataProviders/apiUsers';
import { ApiError } from '../../dataProviders/errors';
import type { AppDataProvider } from '../../dataProviders/types';

export function ApiKeyDialog({
  user,
  currentPrefix,
  onIssued,
  onClose,
}: {
  user: Pick<ApiUser, 'id' | 'username'>;
  /** The prefix of the key in use, when there is one. */
  currentPrefix: string | null;
  onIssued(): void;
  onClose(): void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const submitting = useSubmitOnce();
  const [issued, setIssued] = useState<IssuedApiKey | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const issue = () =>
    void submitting.run(async () => {
      setRefusal(null);
      try {
        setIssued(await dataProvider.issueApiUserKey('api-users', { id: user.id }));
        onIssued();
      } catch (error) {
        if (error instanceof ApiError && error.kind === 'response') setRefusal(error.message);
        throw error;
      }
    });
  const copy = () =>
    navigator.clipboard
      .writeText(issued!.key)
      .then(() => notify(...success('apiUsers.key.copied')))
      .catch(() => notify('aq.notifications.copyFailed', { type: 'error' }));
  return (
    <Dialog open onClose={submitting.pending ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('apiUsers.key.title', { name: user.username })}</DialogTitle>
      <DialogContent>
        {refusal && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {refusal}
          </Alert>
        )}
        {issued ? (
          <>
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('apiUsers.key.shownOnce')}
            </Alert>
            <TextField
              label={translate('apiUsers.key.field')}
              value={issued.key}
              fullWidth
              slotProps={{
                htmlInput: { readOnly: true, 'data-testid': 'issued-api-key', spellCheck: false },
                input: {
                  sx: { fontFamily: 'monospace' },
                  endAdornment: (
                    <InputAdornment position="end">
                      <Tooltip title={translate('apiUsers.key.copy')}>
                        <IconButton onClick={copy} aria-label={translate('apiUsers.key.copy')} edge="end">
                          <ContentCopyIcon />
                        </IconButton>
                      </Tooltip>
                    </InputAdornment>
                  ),
                },
              }}
              onFocus={(e) => e.target.select()}
            />
          </>
        ) : (
          <DialogContentText>
            {currentPrefix
              ? translate('apiUsers.key.confirmReplace', { name: user.username, prefix: currentPrefix })
              : translate('apiUsers.key.confirmNew', { name: user.username })}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={submitting.pending}>
          {translate(issued ? 'ra.action.close' : 'ra.action.cancel')}
        </Button>
        {!issued && (
          <Button
            variant="contained"
            color={currentPrefix ? 'warning' : 'primary'}
            onClick={issue}
            disabled={submitting.pending}
            startIcon={submitting.pending ? <CircularProgress size={16} /> : undefined}
          >
            {translate('apiUsers.key.issue')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
