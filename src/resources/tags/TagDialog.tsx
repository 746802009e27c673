/**
 * Create or update a tag: name and type required ('It is required'); values required for ENUM,
 * typed comma-separated and trimmed. A name already in use (409) is shown on the name field; the
 * server's other refusals (409: a type change while values are stored, ENUM values still in use)
 * are shown in the dialog.
 */
import { useMemo } from 'react';
import { SelectInput, TextInput, useNotify, useTranslate, type Validator } from 'react-admin';
import { useWatch, type FieldValues } from 'react-hook-form';
import { TAG_TYPES, type TagContext, type TagType } from '../../../common/domain';
import {
  NAME_LIMITS,
  TAG_VALUE_MAX_LENGTH,
  TAG_VALUES_MAX,
  maxLength,
  nameRule,
  required,
  ruleMessage,
} from '../../../common/validation';
import { FormDialog } from '../../components/FormDialog';
import { ruleError, ruleValidator, translateRule } from '../../components/formValidation';
import { success } from '../../components/sensors/notifications';
import { parseTagValues, useTagMutations } from './tagsApi';
import type { Tag } from './types';

export interface TagDialogProps {
  context: TagContext;
  /** The tag to update; absent to create one. */
  tag?: Tag;
  onClose: () => void;
}

interface TagValues {
  name: string | null;
  type: TagType | '';
  /** ENUM values as typed, comma-separated. */
  values: string | null;
}

const TYPE_CHOICES = TAG_TYPES.map((t) => ({ id: t, name: t }));
const FIELDS = ['name', 'type', 'values'] as const;
const tagValueRule = maxLength(TAG_VALUE_MAX_LENGTH);

const validateName = ruleValidator(nameRule(NAME_LIMITS.tag));
const validateType = ruleValidator(required);
/** Given, at most TAG_VALUES_MAX of them, each within TAG_VALUE_MAX_LENGTH (the long one is quoted). */
function useValidateValues(): Validator {
  const translate = useTranslate();
  return useMemo(
    () => (text: string | null) => {
      const parsed = parseTagValues(text ?? '');
      if (parsed.length === 0) return ruleError(required(undefined)!);
      if (parsed.length > TAG_VALUES_MAX)
        return { message: 'hardening.forms.tooManyValues', args: { max: TAG_VALUES_MAX } };
      const long = parsed.find((v) => tagValueRule(v));
      const error = long === undefined ? undefined : tagValueRule(long);
      if (long === undefined || !error) return undefined;
      // The inner message is translated here: react-admin fills values in without translating them.
      return ruleError(
        ruleMessage('aboutValue', { value: `${long.slice(0, 20)}…`, error: translateRule(translate, error) }),
      );
    },
    [translate],
  );
}

/** The values of an ENUM tag; other types have none. */
function TagValuesInput({ context }: { context: TagContext }) {
  const type = useWatch<TagValues, 'type'>({ name: 'type' });
  const validateValues = useValidateValues();
  if (type !== 'ENUM') return null;
  return (
    <TextInput
      source="values"
      label={`resources.${context}/tags.fields.values`}
      helperText="aq.pages.tags.valuesHint"
      validate={validateValues}
      isRequired
      fullWidth
      margin="dense"
    />
  );
}

export function TagDialog({ context, tag, onClose }: TagDialogProps) {
  const notify = useNotify();
  const { save } = useTagMutations(context);

  const submit = async (form: FieldValues) => {
    const { name, type, values } = form as TagValues;
    const draft = {
      name: (name ?? '').trim(),
      type: type as TagType,
      values: type === 'ENUM' ? parseTagValues(values ?? '') : [],
    };
    await save.mutateAsync({ id: tag?.id, draft });
    notify(...success('aq.notifications.saved'));
    onClose();
  };

  return (
    <FormDialog
      title={tag ? 'aq.pages.tags.update' : 'aq.pages.tags.create'}
      titleArgs={tag ? { name: tag.name } : undefined}
      saveLabel={tag ? 'ra.action.save' : 'ra.action.create'}
      defaultValues={{ name: tag?.name ?? '', type: tag?.type ?? '', values: (tag?.values ?? []).join(', ') }}
      fields={FIELDS}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        source="name"
        label={`resources.${context}/tags.fields.name`}
        validate={validateName}
        isRequired
        autoFocus
        fullWidth
        margin="dense"
      />
      <SelectInput
        source="type"
        label={`resources.${context}/tags.fields.type`}
        choices={TYPE_CHOICES}
        validate={validateType}
        isRequired
        fullWidth
        margin="dense"
      />
      <TagValuesInput context={context} />
    </FormDialog>
  );
}
