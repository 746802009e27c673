/**
 * Create or edit a column preset: name, columns (in the order chosen) and visibility. Editing, Save
 * is enabled only after a change; a new preset (no id yet) may be saved as it starts. Either way
 * only while the name is given and at least one column is chosen.
 */
import { useMemo } from 'react';
import { Autocomplete, Chip, TextField } from '@mui/material';
import { BooleanInput, InputHelperText, TextInput, useInput, useTranslate, type Validator } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { INSTALLATION_COLUMNS, columnsError, presetNameError, type Preset } from '../../../common/presets';
import { ApiError } from '../../dataProviders/errors';
import { useListTags } from '../../components/query/useQueryCatalogue';
import { FormDialog } from '../../components/FormDialog';
import { ruleError } from '../../components/formValidation';
import { useColumnLabel } from './useColumnLabel';

const validateName: Validator = (name: string | null) => {
  const error = presetNameError(name ?? '');
  return error && ruleError(error);
};
const validateColumns: Validator = (fields: string[] | null) => {
  const error = columnsError(fields);
  return error && ruleError(error);
};

/** A preset being edited, or a new one (no id until the server stores it). */
export type PresetDraft = Omit<Preset, 'id'> & { id?: number };

/** The preset's columns, in the order chosen, among the installation columns and tags. */
function PresetColumnsInput({ initial }: { initial: PresetDraft }) {
  const translate = useTranslate();
  const { data: tags } = useListTags('installations');
  const { field, fieldState } = useInput<string[] | null>({ source: 'fieldsValues', validate: validateColumns });
  const tagNames = useMemo(() => new Map((tags ?? []).map((t) => [t.id, t.name])), [tags]);
  const columnLabel = useColumnLabel(tagNames);
  const options = useMemo(() => {
    const names = [...INSTALLATION_COLUMNS.map((c) => c.name), ...(tags ?? []).map((t) => `tag_${t.id}`)];
    for (const f of initial.fieldsValues ?? []) if (!names.includes(f)) names.push(f);
    return names;
  }, [tags, initial.fieldsValues]);
  const error = fieldState.error?.message;
  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      options={options}
      value={field.value ?? []}
      onChange={(_, value) => field.onChange(value)}
      onBlur={field.onBlur}
      getOptionLabel={columnLabel}
      renderValue={(value, getItemProps) =>
        value.map((name, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={columnLabel(name)} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('aq.pages.presets.columnsInOrder')}
          name="columns"
          error={Boolean(error)}
          helperText={<InputHelperText error={error} helperText="aq.pages.presets.columnsHint" />}
        />
      )}
    />
  );
}

export function PresetDialog({
  initial,
  onClose,
  onSave,
}: {
  initial: PresetDraft;
  onClose(): void;
  onSave(p: PresetDraft): Promise<unknown>;
}) {
  const translate = useTranslate();
  const isNew = initial.id === undefined;
  const defaultValues = useMemo(
    () => ({ name: initial.name, fieldsValues: initial.fieldsValues, visibility: initial.visibility }),
    [initial],
  );

  const submit = async (values: FieldValues) => {
    const { name, fieldsValues, visibility } = values as Pick<Preset, 'name' | 'fieldsValues' | 'visibility'>;
    await onSave({ ...initial, name: (name ?? '').trim(), fieldsValues, visibility });
    onClose();
  };

  return (
    <FormDialog
      title={isNew ? 'aq.pages.presets.new' : 'aq.pages.presets.edit'}
      defaultValues={defaultValues}
      requireValidChange={!isNew}
      saveWhenValid={isNew}
      // Every failure of the save shows here: the server's message, or that saving failed.
      refusal={(e) => ({ message: e instanceof ApiError ? e.message : translate('aq.pages.presets.saveFailed') })}
      onSubmit={submit}
      onClose={onClose}
      maxWidth="md"
    >
      <TextInput source="name" label="aq.pages.presets.name" validate={validateName} autoFocus fullWidth />
      <PresetColumnsInput initial={initial} />
      <BooleanInput source="visibility" label="aq.pages.presets.shown" helperText={false} sx={{ mt: 2 }} />
    </FormDialog>
  );
}
