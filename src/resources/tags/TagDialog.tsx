/**
 * Create or update a tag: name and type required ('It is required'); values required for ENUM,
 * typed comma-separated and trimmed. A name already in use (409) is shown on the name field; the
 * server's other refusals (409: a type change while values are stored, ENUM values still in use)
 * are shown in the dialog.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { TAG_TYPES, type TagContext, type TagType } from '../../../common/domain';
import {
  MESSAGES,
  NAME_LIMITS,
  TAG_VALUE_MAX_LENGTH,
  TAG_VALUES_MAX,
  maxLength,
  nameRule,
} from '../../../common/validation';
import { ApiError, refusalOf } from '../../dataProviders/errors';
import { useSubmitOnce } from '../../components/useSubmitOnce';
import { parseTagValues, useTagMutations } from './tagsApi';
import type { Tag } from './types';
import { success } from '../../components/sensors/notifications';

export interface TagDialogProps {
  context: TagContext;
  /** The tag to update; absent to create one. */
  tag?: Tag;
  onClose: () => void;
}

interface Errors {
  name?: string;
  type?: string;
  values?: string;
  /** A refusal of the server that is not about one field. */
  form?: string;
}

const tagNameRule = nameRule(NAME_LIMITS.tag);
const tagValueRule = maxLength(TAG_VALUE_MAX_LENGTH);

function TagForm({ context, tag, onClose }: TagDialogProps) {
  const notify = useNotify();
  const translate = useTranslate();
  const { save } = useTagMutations(context);
  const [name, setName] = useState(tag?.name ?? '');
  const [type, setType] = useState<TagType | ''>(tag?.type ?? '');
  const [values, setValues] = useState((tag?.values ?? []).join(', '));
  const [errors, setErrors] = useState<Errors>({});
  const submitting = useSubmitOnce();

  const validate = (): Errors => {
    const e: Errors = {};
    const nameError = tagNameRule(name);
    if (nameError) e.name = nameError;
    if (!type) e.type = MESSAGES.required;
    if (type === 'ENUM') {
      const parsed = parseTagValues(values);
      if (parsed.length === 0) e.values = MESSAGES.required;
      else if (parsed.length > TAG_VALUES_MAX)
        e.values = translate('hardening.forms.tooManyValues', { max: TAG_VALUES_MAX });
      else {
        const long = parsed.find((v) => tagValueRule(v));
        if (long) e.values = `${long.slice(0, 20)}…: ${tagValueRule(long)}`;
      }
    }
    return e;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length || !type) return;
    const draft = { name: name.trim(), type, values: type === 'ENUM' ? parseTagValues(values) : [] };
    void submitting.run(() =>
      save.mutateAsync(
        { id: tag?.id, draft },
        {
          onSuccess: () => {
            notify(...success('aq.notifications.saved'));
            onClose();
          },
          onError: (err) => {
            if (err instanceof ApiError && err.status === 409 && err.message === MESSAGES.nameInUse)
              return setErrors({ name: MESSAGES.nameInUse });
            // Any other refusal shows here, on its field or above the form, not behind the dialog.
            const refusal = refusalOf(err, ['name', 'type', 'values']);
            if (refusal) setErrors(refusal.field ? { [refusal.field]: refusal.message } : { form: refusal.message });
          },
        },
      ),
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle>
        {tag ? translate('aq.pages.tags.update', { name: tag.name }) : translate('aq.pages.tags.create')}
      </DialogTitle>
      <DialogContent>
        {errors.form && (
          <Alert severity="warning" sx={{ mb: 1 }} data-testid="tag-dialog-error">
            {errors.form}
          </Alert>
        )}
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={translate(`resources.${context}/tags.fields.name`)}
          name="name"
          required
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setErrors((prev) => ({ ...prev, name: undefined, form: undefined }));
          }}
          error={Boolean(errors.name)}
          helperText={errors.name ?? ' '}
        />
        <TextField
          select
          fullWidth
          margin="dense"
          label={translate(`resources.${context}/tags.fields.type`)}
          name="type"
          required
          value={type}
          onChange={(e) => {
            setType(e.target.value as TagType);
            setErrors((prev) => ({ ...prev, type: undefined, values: undefined, form: undefined }));
          }}
          error={Boolean(errors.type)}
          helperText={errors.type ?? ' '}
        >
          {TAG_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {t}
            </MenuItem>
          ))}
        </TextField>
        {type === 'ENUM' && (
          <TextField
            fullWidth
            margin="dense"
            label={translate(`resources.${context}/tags.fields.values`)}
            name="values"
            required
            value={values}
            onChange={(e) => {
              setValues(e.target.value);
              setErrors((prev) => ({ ...prev, values: undefined, form: undefined }));
            }}
            error={Boolean(errors.values)}
            helperText={errors.values ?? translate('aq.pages.tags.valuesHint')}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={submitting.pending}>
          {translate(tag ? 'ra.action.save' : 'ra.action.create')}
        </Button>
      </DialogActions>
    </form>
  );
}

export function TagDialog(props: TagDialogProps) {
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="xs">
      <TagForm {...props} />
    </Dialog>
  );
}
