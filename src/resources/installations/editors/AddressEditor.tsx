/**
 * The address editor of an installation (edit_address): country, state or city chosen from the
 * gazetteer by name (GET /places — bundled offline places, or the configured geocoder), within the
 * installation's country or state; saved by OpenStreetMap id (PATCH /installations/{id}/address).
 */
import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useInput, useTranslate, ValidationError, type InputProps } from 'react-admin';
import { fieldLabelKey, installation } from '../../../../common/entities';
import { required as requiredRule } from '../../../../common/validation';
import { ruleValidator } from '../../../components/formValidation';
import type { AppDataProvider, Place, PlaceKind } from '../../../dataProviders/types';
import { TextValue } from './EditableCell';
import { DialogEditorCell, useInstallationEdit } from './useInstallationEdit';

const required = ruleValidator(requiredRule);

/**
 * The form value as the picker takes it: a place, or null for none. react-admin's default `format`
 * turns an empty value into '' (right for text inputs), which the picker would label "undefined".
 */
const asPlace = (value: unknown): Place | null =>
  value !== null && typeof value === 'object' && 'osmId' in value ? (value as Place) : null;

/** A place picker: type part of the name, pick one; the form value is the place. */
function PlaceInput({ kind, parentId, ...props }: InputProps & { kind: PlaceKind; parentId?: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { field, fieldState } = useInput({ ...props, format: asPlace, validate: required });
  const [text, setText] = useState('');
  const places = useQuery({
    queryKey: ['places', kind, parentId ?? '', text],
    queryFn: ({ signal }) =>
      dataProvider.searchPlaces('installations', { kind, parentId, search: text || undefined, signal }),
    staleTime: 60_000,
  });
  const error = fieldState.error?.message;
  const invalid = fieldState.invalid;
  return (
    <Autocomplete<Place>
      options={places.data ?? []}
      loading={places.isFetching}
      value={field.value as Place | null}
      onChange={(_e, place) => field.onChange(place)}
      onInputChange={(_e, value, reason) => reason === 'input' && setText(value)}
      getOptionLabel={(p) => (p.nameLocal && p.nameLocal !== p.name ? `${p.name} (${p.nameLocal})` : p.name)}
      isOptionEqualToValue={(a, b) => a.osmId === b.osmId}
      filterOptions={(options) => options}
      noOptionsText={translate('aq.noMatches')}
      renderInput={(params) => (
        <TextField
          {...params}
          autoFocus
          label={translate(typeof props.label === 'string' ? props.label : '')}
          error={invalid}
          helperText={invalid && error ? <ValidationError error={error} /> : translate('installations.placeHelp')}
          sx={{ mt: 1 }}
        />
      )}
    />
  );
}

export function AddressEditor({ part, canEdit }: { part: 'country' | 'state' | 'city'; canEdit: boolean }) {
  const { record, id, translate } = useInstallationEdit();
  if (!record || id === undefined) return null;
  const labelKey = fieldLabelKey(installation, part);
  const titleArgs = { field: translate(labelKey), id };
  const parentId = (part === 'state' ? record.countryId : part === 'city' ? record.stateId : undefined) as
    string | null | undefined;
  return (
    <DialogEditorCell
      display={<TextValue value={record[part]} />}
      canEdit={canEdit}
      label={translate('installations.editField', titleArgs)}
      title="installations.editField"
      titleArgs={titleArgs}
      defaultValues={{ place: null }}
      fields={['place']}
      maxWidth="sm"
      submit={(values) => ({
        data: { [`${part}Id`]: (values.place as Place).osmId },
        meta: { action: 'address', part },
      })}
    >
      <PlaceInput source="place" label={labelKey} kind={part} parentId={parentId ?? undefined} />
    </DialogEditorCell>
  );
}
