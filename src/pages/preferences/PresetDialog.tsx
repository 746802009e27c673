/**
 * Edit a column preset: name, columns (in the order chosen) and visibility. Save is enabled only
 * after a change, and only while the name is given and at least one column is chosen.
 */
import { useMemo, useState } from 'react';
import {
  Alert,
  Autocomplete,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Switch,
  TextField,
} from '@mui/material';
import { INSTALLATION_COLUMNS, columnLabel, columnsError, presetNameError, type Preset } from '../../../common/presets';
import { ApiError } from '../../dataProviders/errors';
import { useListTags } from '../../components/query/useQueryCatalogue';
import { useSubmitOnce } from '../../components/useSubmitOnce';
import { useTranslate } from 'react-admin';

const sameList = (a: readonly string[] | null, b: readonly string[] | null) => JSON.stringify(a) === JSON.stringify(b);

export function PresetDialog({
  initial,
  onClose,
  onSave,
}: {
  initial: Preset;
  onClose(): void;
  onSave(p: Preset): Promise<unknown>;
}) {
  const translate = useTranslate();
  const { data: tags } = useListTags('installations');
  const [draft, setDraft] = useState(initial);
  const submitting = useSubmitOnce();
  const saving = submitting.pending;
  const [failure, setFailure] = useState<string | null>(null);
  const tagNames = useMemo(() => new Map((tags ?? []).map((t) => [t.id, t.name])), [tags]);
  const options = useMemo(() => {
    const names = [...INSTALLATION_COLUMNS.map((c) => c.name), ...(tags ?? []).map((t) => `tag_${t.id}`)];
    for (const f of initial.fieldsValues ?? []) if (!names.includes(f)) names.push(f);
    return names;
  }, [tags, initial.fieldsValues]);
  const fields = draft.fieldsValues ?? [];
  const changed =
    draft.name !== initial.name ||
    draft.visibility !== initial.visibility ||
    !sameList(draft.fieldsValues, initial.fieldsValues);
  const nameError = presetNameError(draft.name);
  const fieldsError = columnsError(draft.fieldsValues);
  const valid = !nameError && !fieldsError;

  const save = () =>
    submitting.run(async () => {
      setFailure(null);
      try {
        await onSave({ ...draft, name: draft.name.trim() });
        onClose();
      } catch (e) {
        setFailure(e instanceof ApiError ? e.message : translate('aq.pages.presets.saveFailed'));
      }
    });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="preset-dialog-title">
      <DialogTitle id="preset-dialog-title">{translate('aq.pages.presets.edit')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <TextField
          label={translate('aq.pages.presets.name')}
          name="name"
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          error={draft.name !== initial.name && Boolean(nameError)}
          helperText={draft.name !== initial.name ? nameError : undefined}
          autoFocus
          fullWidth
        />
        <Autocomplete
          multiple
          disableCloseOnSelect
          options={options}
          value={fields}
          onChange={(_, value) => setDraft({ ...draft, fieldsValues: value })}
          getOptionLabel={(name) => columnLabel(name, tagNames)}
          renderValue={(value, getItemProps) =>
            value.map((name, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return <Chip key={key} size="small" label={columnLabel(name, tagNames)} {...itemProps} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label={translate('aq.pages.presets.columnsInOrder')}
              name="columns"
              error={!sameList(draft.fieldsValues, initial.fieldsValues) && Boolean(fieldsError)}
              helperText={
                (!sameList(draft.fieldsValues, initial.fieldsValues) && fieldsError) ||
                translate('aq.pages.presets.columnsHint')
              }
            />
          )}
        />
        <FormControlLabel
          control={
            <Switch checked={draft.visibility} onChange={(e) => setDraft({ ...draft, visibility: e.target.checked })} />
          }
          label={translate('aq.pages.presets.shown')}
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
