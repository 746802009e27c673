/**
 * Create or edit a saved query: name and query (with the editor's highlighting, completion and
 * error). Save is enabled only after a change, and only while the name is given and the query parses.
 */
import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Link,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { presetNameError, queryValueError, type QueryKind, type SavedQuery } from '../../../common/presets';
import { ApiError } from '../../dataProviders/errors';
import { QueryEditor } from './QueryEditor';
import { queryHelpLink } from './QueryHelpButton';
import { useQueryCatalogue } from './useQueryCatalogue';
import { useSubmitOnce } from '../useSubmitOnce';

export type SavedQueryDraft = Omit<SavedQuery, 'id'> & { id?: number };

export function SavedQueryDialog({
  kind,
  initial,
  title,
  onClose,
  onSave,
}: {
  kind: QueryKind;
  initial: SavedQueryDraft;
  title: string;
  onClose(): void;
  onSave(draft: SavedQueryDraft): Promise<unknown>;
}) {
  const catalogue = useQueryCatalogue(kind);
  const [draft, setDraft] = useState(initial);
  const submitting = useSubmitOnce();
  const saving = submitting.pending;
  const [failure, setFailure] = useState<string | null>(null);
  const changed =
    draft.name !== initial.name || draft.value !== initial.value || draft.visibility !== initial.visibility;
  const nameError = draft.name !== initial.name ? presetNameError(draft.name) : undefined;
  const valid = !presetNameError(draft.name) && !queryValueError(draft.value);

  const save = () =>
    submitting.run(async () => {
      setFailure(null);
      try {
        await onSave(draft);
        onClose();
      } catch (e) {
        setFailure(e instanceof ApiError ? e.message : 'The query could not be saved');
      }
    });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="saved-query-dialog-title">
      <DialogTitle id="saved-query-dialog-title">{title}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <TextField
          label="Name"
          name="name"
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          error={Boolean(nameError)}
          helperText={nameError}
          autoFocus
          fullWidth
        />
        <div>
          <Typography variant="caption" color="text.secondary" component="label" htmlFor="saved-query-value">
            Query
          </Typography>
          {catalogue && (
            <QueryEditor
              value={draft.value}
              onChange={(value) => setDraft((d) => ({ ...d, value }))}
              onSubmit={() => {
                if (changed && valid && !saving) void save();
              }}
              catalogue={catalogue}
              messagePlacement="below"
              placeholder='e.g. status in (Installed, Ready) and SEARCH("Kraków")'
              inputProps={{ id: 'saved-query-value', name: 'value', 'aria-label': 'Query' }}
            />
          )}
          <Link component={RouterLink} to={queryHelpLink(kind)} variant="caption" target="_blank">
            Query language help
          </Link>
        </div>
        <FormControlLabel
          control={
            <Switch checked={draft.visibility} onChange={(e) => setDraft({ ...draft, visibility: e.target.checked })} />
          }
          label="Shown in the favourites"
        />
        {failure && <Alert severity="error">{failure}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void save()} disabled={!changed || !valid || saving}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
