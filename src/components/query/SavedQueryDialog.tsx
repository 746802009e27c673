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
import { useTranslate } from 'react-admin';
import { translateRule } from '../formValidation';

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
  const translate = useTranslate();
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
        setFailure(e instanceof ApiError ? e.message : translate('aq.pages.savedQueries.saveFailed'));
      }
    });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="saved-query-dialog-title">
      <DialogTitle id="saved-query-dialog-title">{title}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <TextField
          label={translate('aq.pages.savedQueries.name')}
          name="name"
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          error={Boolean(nameError)}
          helperText={nameError && translateRule(translate, nameError)}
          autoFocus
          fullWidth
        />
        <div>
          <Typography variant="caption" color="text.secondary" component="label" htmlFor="saved-query-value">
            {translate('aq.query.label')}
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
              placeholder={translate('aq.query.dialogPlaceholder')}
              inputProps={{ id: 'saved-query-value', name: 'value', 'aria-label': translate('aq.query.label') }}
            />
          )}
          <Link component={RouterLink} to={queryHelpLink(kind)} variant="caption" target="_blank">
            {translate('aq.query.help')}
          </Link>
        </div>
        <FormControlLabel
          control={
            <Switch checked={draft.visibility} onChange={(e) => setDraft({ ...draft, visibility: e.target.checked })} />
          }
          label={translate('aq.pages.savedQueries.shown')}
        />
        {failure && <Alert severity="error">{failure}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={!changed || !valid || saving}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
