/**
 * Shows a new token's secret once, with a copy button. The secret is kept nowhere else: the dialog
 * closes only through its button, not by a stray click beside it.
 */
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import CopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify, useTranslate } from 'react-admin';

export interface TokenSecretDialogProps {
  name: string;
  secret: string;
  onClose(): void;
}

export function TokenSecretDialog({ name, secret, onClose }: TokenSecretDialogProps) {
  const notify = useNotify();
  const translate = useTranslate();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notify('aq.notifications.tokenCopied', { type: 'success' });
    } catch {
      notify('aq.notifications.tokenCopyFailed', { type: 'warning' });
    }
  };
  return (
    <Dialog
      open
      onClose={(_event, reason) => reason !== 'backdropClick' && onClose()}
      maxWidth="sm"
      fullWidth
      aria-labelledby="token-secret-title"
    >
      <DialogTitle id="token-secret-title">{translate('aq.pages.tokens.created', { name })}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('aq.pages.tokens.copyNow')}
        </Alert>
        <TextField
          label={translate('aq.pages.tokens.token')}
          value={secret}
          fullWidth
          onFocus={(e) => e.target.select()}
          slotProps={{
            htmlInput: { readOnly: true, 'data-testid': 'token-secret', style: { fontFamily: 'monospace' } },
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={copy} startIcon={<CopyIcon />}>
          {translate('aq.pages.tokens.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {translate('aq.actions.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
