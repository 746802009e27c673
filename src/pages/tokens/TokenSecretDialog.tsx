/**
 * Shows a new token's secret once, with a copy button. The secret is kept nowhere else: the dialog
 * closes only through its button, not by a stray click beside it.
 */
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import CopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify } from 'react-admin';

// Literal texts of the spec; `_` makes them their own translation (no missing-key warning).
export const COPIED_MESSAGE = 'Copied token to clipboard';
const COPY_FAILED_MESSAGE = 'The browser refused the clipboard: select the token and copy it by hand.';

export interface TokenSecretDialogProps {
  name: string;
  secret: string;
  onClose(): void;
}

export function TokenSecretDialog({ name, secret, onClose }: TokenSecretDialogProps) {
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notify(COPIED_MESSAGE, { type: 'success', messageArgs: { _: COPIED_MESSAGE } });
    } catch {
      notify(COPY_FAILED_MESSAGE, { type: 'warning', messageArgs: { _: COPY_FAILED_MESSAGE } });
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
      <DialogTitle id="token-secret-title">Token "{name}" created</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Copy the token now. It will not be shown again.
        </Alert>
        <TextField
          label="Token"
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
          Copy token
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
