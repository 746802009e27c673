/**
 * The generic create, edit and show screens of an entity, built from its declaration: one input per
 * form field (`form` in common/entities), chosen by the field's type — text, number with its
 * bounds, date, date and time, yes/no, a select of the enum's values, an autocomplete over the
 * referenced entity's list — labelled by `resources.<name>.fields.<field>`. The form validates with
 * the entity's write schema (common/entities/schema.ts), the SAME schema the server validates the
 * request with, so a rule is written once; the server's refusals show on the field they name, or
 * above the inputs. A double click submits once.
 *
 * A screen may replace one field's input (`inputs={{ name: <MyInput source="name" /> }}`) or the
 * whole form (`form={<SimpleForm …/>}`), and keep the rest.
 */
import type { ReactElement, ReactNode } from 'react';
import { useMemo } from 'react';
import { Alert, Typography } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AutocompleteInput,
  BooleanField,
  BooleanInput,
  Create,
  DeleteButton,
  Edit,
  NumberField,
  NumberInput,
  ReferenceField,
  ReferenceInput,
  SaveButton,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  Toolbar,
  useCreate,
  useGetRecordRepresentation,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import { useFormState, type FieldValues, type Resolver } from 'react-hook-form';
import {
  DEFAULT_MAX_LENGTH,
  entityOneKey,
  fieldLabelKey,
  findEntity,
  formFields,
  type EntityDecl,
  type FieldDecl,
  type WriteMode,
  type WriteWording,
  recordNameField,
} from '../../common/entities';
import { writeSchema } from '../../common/entities/schema';
import { DateTimeField } from '../components/DateTimeField';
import { formatDate } from '../components/dates';
import { LocaleDateInput } from '../components/inputs/LocaleDateInput';
import { FORM_ERROR, useFormSubmit } from '../components/formSubmit';
import { useCanAccessNow } from './useCanAccessNow';
import { useFieldAccess } from './useFieldAccess';

/** Inputs a screen puts in place of the generated ones, by field name. */
export type FieldInputs = Readonly<Record<string, ReactElement>>;

/** Texts longer than this get a multi-line input. */
const MULTILINE_FROM = DEFAULT_MAX_LENGTH + 1;

/** The input of one declared field. */
export function DeclaredInput({ entity, field: f }: { entity: EntityDecl; field: FieldDecl }): ReactElement {
  const common = {
    source: f.name,
    label: fieldLabelKey(entity, f.name),
    isRequired: f.required === true,
    fullWidth: true,
  };
  if (f.reference !== undefined) {
    const target = findEntity(f.reference);
    return (
      <ReferenceInput source={f.name} reference={f.reference}>
        <AutocompleteInput
          {...common}
          optionText={target ? recordNameField(target) : 'id'}
          filterToQuery={(search: string) => ({ search })}
        />
      </ReferenceInput>
    );
  }
  switch (f.type) {
    case 'enum':
      return (
        <SelectInput {...common} choices={(f.values ?? []).map((v) => ({ id: v, name: v }))} translateChoice={false} />
      );
    case 'integer':
    case 'number':
      return <NumberInput {...common} min={f.min} max={f.max} step={f.type === 'integer' ? 1 : 'any'} />;
    case 'date':
      return <LocaleDateInput {...common} />;
    case 'datetime':
      // The input's local time, sent as an instant (ISO 8601 in UTC).
      return <LocaleDateInput {...common} kind="datetime" />;
    case 'boolean':
      return <BooleanInput source={f.name} label={common.label} />;
    default: {
      const max = f.maxLength ?? DEFAULT_MAX_LENGTH;
      return (
        <TextInput {...common} multiline={max >= MULTILINE_FROM} minRows={max >= MULTILINE_FROM ? 2 : undefined} />
      );
    }
  }
}

/** The inputs of the create or edit form: the form fields the user may see, or the screen's own input. */
export function DeclaredInputs({
  entity,
  mode,
  inputs = {},
}: {
  entity: EntityDecl;
  mode: WriteMode;
  inputs?: FieldInputs;
}) {
  const access = useFieldAccess();
  return (
    <>
      {formFields(entity, mode)
        .filter((f) => access.field(entity, f.name))
        .map((f) => (
          <span key={f.name} style={{ display: 'contents' }}>
            {inputs[f.name] ?? <DeclaredInput entity={entity} field={f} />}
          </span>
        ))}
    </>
  );
}

/**
 * The form's resolver: the entity's write schema over the form fields of the values (an edit form
 * holds the whole record; only its form fields are checked and sent, trimmed as the server stores them).
 */
export function useWriteResolver(entity: EntityDecl, mode: WriteMode): Resolver<FieldValues> {
  const translate = useTranslate();
  return useMemo(() => {
    // The same rules as the server's; only their messages in the user's language (`write.*`).
    const wording: WriteWording = {
      label: (f) => translate(fieldLabelKey(entity, f.name)),
      text: (key, values) => translate(`write.${key}`, values),
    };
    const names = formFields(entity, mode).map((f) => f.name);
    const resolve = zodResolver(writeSchema(entity, mode, wording)) as unknown as Resolver<FieldValues>;
    return (values, context, options) =>
      resolve(Object.fromEntries(names.filter((n) => n in values).map((n) => [n, values[n]])), context, options);
  }, [entity, mode, translate]);
}

/** A refusal of the server that names no field of the form, above the inputs. */
function FormError() {
  const { errors } = useFormState();
  const message = errors.root?.[FORM_ERROR]?.message;
  if (!message) return null;
  return (
    <Alert severity="warning" sx={{ mb: 1, width: '100%' }} data-testid="form-error">
      {message}
    </Alert>
  );
}

/** Refusals (400, 403, 409, 422) show in the form, not in the banner behind it. */
const REFUSALS_IN_FORM = { refusalsInForm: true } as const;

/** Values of a new record: yes/no fields start at no. */
const createDefaults = (entity: EntityDecl) =>
  Object.fromEntries(
    formFields(entity, 'create')
      .filter((f) => f.type === 'boolean' && f.reference === undefined)
      .map((f) => [f.name, false]),
  );

function DeclaredForm({
  entity,
  mode,
  inputs,
  onSubmit,
}: {
  entity: EntityDecl;
  mode: WriteMode;
  inputs?: FieldInputs;
  onSubmit: (values: FieldValues) => Promise<FieldValues | undefined>;
}) {
  const resolver = useWriteResolver(entity, mode);
  // Delete on the edit form, where the declaration has the action and the user may use it.
  const canDelete = useCanAccessNow({ resource: entity.name, action: 'delete' }) && mode === 'update';
  const defaults = useMemo(() => (mode === 'create' ? createDefaults(entity) : undefined), [entity, mode]);
  return (
    <SimpleForm
      resolver={resolver}
      onSubmit={onSubmit}
      defaultValues={defaults}
      warnWhenUnsavedChanges={false}
      noValidate
      toolbar={
        <Toolbar sx={{ justifyContent: 'space-between' }}>
          <SaveButton alwaysEnable={mode === 'create'} />
          {canDelete && <DeleteButton mutationMode="pessimistic" />}
        </Toolbar>
      }
      sx={{ maxWidth: 720 }}
    >
      <FormError />
      <DeclaredInputs entity={entity} mode={mode} inputs={inputs} />
    </SimpleForm>
  );
}

export interface ResourceFormProps {
  entity: EntityDecl;
  /** Inputs in place of the generated ones, by field name. */
  inputs?: FieldInputs;
  /** A whole form in place of the generated one. */
  form?: ReactNode;
}

/**
 * The title of a create, edit or show screen with one record's name ("Create Sensor Model",
 * "Dodawanie: Model czujnika"): react-admin's own default names the resource in the plural.
 */
function RecordTitle({ entity, page }: { entity: EntityDecl; page: 'create' | 'edit' | 'show' }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const represent = useGetRecordRepresentation(entity.name);
  const representation = record ? represent(record) : '';
  return (
    <>
      {translate(`ra.page.${page}`, {
        name: translate(entityOneKey(entity)),
        id: record?.id,
        recordRepresentation: typeof representation === 'string' ? representation : String(record?.id ?? ''),
      })}
    </>
  );
}

/** The generic create screen (`/<name>/create`): on success a notice, then the new record's edit screen. */
export function ResourceCreate({ entity, inputs, form }: ResourceFormProps) {
  const notify = useNotify();
  const redirect = useRedirect();
  const [create] = useCreate();
  const fields = formFields(entity, 'create').map((f) => f.name);
  const submit = useFormSubmit(
    async (values) => {
      await create(entity.name, { data: values, meta: REFUSALS_IN_FORM }, { returnPromise: true });
      notify('ra.notification.created', { type: 'success', messageArgs: { smart_count: 1 } });
      redirect('list', entity.name);
    },
    { fields },
  );
  return (
    <Create resource={entity.name} title={<RecordTitle entity={entity} page="create" />}>
      {form ?? <DeclaredForm entity={entity} mode="create" inputs={inputs} onSubmit={submit} />}
    </Create>
  );
}

function EditForm({ entity, inputs }: Omit<ResourceFormProps, 'form'>) {
  const record = useRecordContext<RaRecord>();
  const notify = useNotify();
  const redirect = useRedirect();
  const [update] = useUpdate();
  const fields = formFields(entity, 'update').map((f) => f.name);
  const submit = useFormSubmit(
    async (values) => {
      await update(
        entity.name,
        { id: record!.id, data: values, previousData: record, meta: REFUSALS_IN_FORM },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
      redirect('list', entity.name);
    },
    { fields },
  );
  return <DeclaredForm entity={entity} mode="update" inputs={inputs} onSubmit={submit} />;
}

/** The generic edit screen (`/<name>/:id`): the record's form fields; on success a notice, then the list. */
export function ResourceEdit({ entity, inputs, form }: ResourceFormProps) {
  return (
    <Edit resource={entity.name} mutationMode="pessimistic" title={<RecordTitle entity={entity} page="edit" />}>
      {form ?? <EditForm entity={entity} inputs={inputs} />}
    </Edit>
  );
}

/** The field of one declared value on the show screen. */
function DeclaredField({
  entity,
  field: f,
}: {
  entity: EntityDecl;
  field: FieldDecl;
  /** Read by SimpleShowLayout for the field's label. */
  source: string;
  label: string;
}): ReactElement {
  const label = fieldLabelKey(entity, f.name);
  if (f.reference !== undefined) {
    const target = findEntity(f.reference);
    return (
      <ReferenceField source={f.name} reference={f.reference} label={label} link={false}>
        <TextField source={target ? recordNameField(target) : 'id'} />
      </ReferenceField>
    );
  }
  switch (f.type) {
    case 'integer':
    case 'number':
      return <NumberField source={f.name} label={label} />;
    case 'boolean':
      return <BooleanField source={f.name} label={label} />;
    case 'date':
      return <DayField source={f.name} label={label} />;
    case 'datetime':
      return <DateTimeField source={f.name} label={label} />;
    default:
      return <TextField source={f.name} label={label} />;
  }
}

/** A calendar date as the lists show it. */
function DayField({ source }: { source: string; label: string }) {
  const record = useRecordContext<RaRecord>();
  const value = record?.[source] as string | null | undefined;
  return (
    <Typography component="span" variant="body2">
      {value ? formatDate(value) : '—'}
    </Typography>
  );
}

/** The generic read-only screen (`/<name>/:id/show`): every field of the row the user may see. */
export function ResourceShow({ entity }: { entity: EntityDecl }) {
  const access = useFieldAccess();
  return (
    <Show resource={entity.name} title={<RecordTitle entity={entity} page="show" />}>
      <SimpleShowLayout>
        {entity.fields
          .filter((f) => f.type !== 'actions' && f.inRow !== false && access.field(entity, f.name))
          .map((f) => (
            <DeclaredField
              key={f.name}
              entity={entity}
              field={f}
              source={f.name}
              label={fieldLabelKey(entity, f.name)}
            />
          ))}
      </SimpleShowLayout>
    </Show>
  );
}
