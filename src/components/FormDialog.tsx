/**
 * FormDialog: a dialog around a react-admin `<Form>` — the one pattern for creating or editing a
 * record in a dialog (tags, roles, tokens, presets, factors; contractors, ADP users, firmware
 * versions… to come). It brings the title, Cancel and react-admin's `<SaveButton>` (disabled while
 * saving; a double click submits once), and shows the server's refusals inside the dialog: on the
 * field they name, or above the inputs. Success notices and closing are the caller's.
 *
 * ```tsx
 * const rules = { name: ruleValidator(nameRule(NAME_LIMITS.tag)) };   // common/validation rules
 * const save = useMutation({ mutationFn: (data) => dataProvider.create('sensors/tags', { data }) });
 * <FormDialog
 *   title="aq.pages.tags.create"
 *   saveLabel="ra.action.create"
 *   defaultValues={{ name: '' }}
 *   fields={['name']}                                 // fields a refusal of the server may name
 *   onSubmit={async (values) => {
 *     await save.mutateAsync(values);                  // through the data provider (react-query)
 *     notify(...success('aq.notifications.saved'));
 *     onClose();
 *   }}
 *   onClose={onClose}
 * >
 *   <TextInput source="name" label="resources.sensors/tags.fields.name" validate={rules.name} isRequired />
 * </FormDialog>
 * ```
 *
 * Validate per input (`validate` on each input, built with `ruleValidator` from common/validation)
 * or, for rules across fields, with one form-level `validate`; not both (a form-level rule
 * replaces the inputs' rules). `onSubmit` rejecting with a refusal (400/403/409/422) keeps the
 * dialog open with the message; any other failure is the error banner's.
 */
import { useId, useState, type ReactNode } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, type DialogProps } from '@mui/material';
import { Form, SaveButton, useTranslate, type ValidateForm } from 'react-admin';
import { useFormState, type FieldValues } from 'react-hook-form';
import { FORM_ERROR, useFormSubmit, type Refusal } from './formSubmit';

export interface FormDialogProps {
  /** Message key of the title, with its values. */
  title: string;
  titleArgs?: Record<string, unknown>;
  /** The values the form starts from: empty ones to create, the record's to edit. */
  defaultValues?: FieldValues;
  /** A form-level rule (rules across fields); per-field rules belong on the inputs. */
  validate?: ValidateForm;
  /** Sends the values through the data provider; resolves once saved, rejects with the refusal. */
  onSubmit(values: FieldValues): Promise<unknown>;
  /** Fields a refusal of the server may name; a refusal naming none shows above the inputs. */
  fields?: readonly string[];
  /** Which failures the dialog shows itself, and where (default: the refusals, see formSubmit.ts). */
  refusal?: (error: unknown) => Refusal | undefined;
  /** Message key of the save button: 'ra.action.save' (default) or 'ra.action.create'. */
  saveLabel?: string;
  /** Save is enabled only after a change, and only while the values pass validation. */
  requireValidChange?: boolean;
  /** Save is enabled while the values pass validation, changed or not (checked on every change). */
  saveWhenValid?: boolean;
  /** Check a field when it loses focus, then on every change (default: on submit, then on change). */
  validateOnBlur?: boolean;
  onClose(): void;
  maxWidth?: DialogProps['maxWidth'];
  children: ReactNode;
}

/** A refusal of the server that names no field of the form. */
function FormError() {
  const { errors } = useFormState();
  const message = errors.root?.[FORM_ERROR]?.message;
  if (!message) return null;
  return (
    <Alert severity="warning" sx={{ mb: 1 }} data-testid="form-dialog-error">
      {message}
    </Alert>
  );
}

/**
 * SaveButton enables itself only for a changed form; an untouched create form may be submitted too
 * (it then shows what is required), but never twice at once.
 */
function SaveAnyTime({ label }: { label: string }) {
  const { isSubmitting } = useFormState();
  return <SaveButton label={label} alwaysEnable={!isSubmitting} />;
}

/**
 * Save once something changed and the values pass validation (checked on every change in this
 * mode; react-hook-form's `isValid` would re-render the button while the inputs register).
 */
function SaveValidChange({ label }: { label: string }) {
  const { errors } = useFormState();
  const invalid = Object.keys(errors).some((field) => field !== 'root');
  return <SaveButton label={label} disabled={invalid} />;
}

/** Save while the values pass validation — also untouched defaults (the suspend dialog's "now"). */
function SaveWhileValid({ label }: { label: string }) {
  const { errors, isSubmitting } = useFormState();
  const invalid = Object.keys(errors).some((field) => field !== 'root');
  return <SaveButton label={label} alwaysEnable={!invalid && !isSubmitting} disabled={invalid || isSubmitting} />;
}

export function FormDialog({
  title,
  titleArgs,
  defaultValues,
  validate,
  onSubmit,
  fields,
  refusal,
  saveLabel = 'ra.action.save',
  requireValidChange,
  saveWhenValid,
  validateOnBlur,
  onClose,
  maxWidth = 'xs',
  children,
}: FormDialogProps) {
  const translate = useTranslate();
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const submit = useFormSubmit(
    async (values) => {
      setBusy(true);
      try {
        await onSubmit(values);
      } finally {
        setBusy(false);
      }
    },
    { fields, refusal },
  );

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth={maxWidth} aria-labelledby={titleId}>
      <Form
        defaultValues={defaultValues}
        validate={validate}
        onSubmit={submit}
        mode={requireValidChange || saveWhenValid ? 'onChange' : validateOnBlur ? 'onTouched' : 'onSubmit'}
        disableInvalidFormNotification
        noValidate
      >
        <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
          {translate(title, titleArgs)}
        </DialogTitle>
        <DialogContent>
          <FormError />
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          {requireValidChange ? (
            <SaveValidChange label={saveLabel} />
          ) : saveWhenValid ? (
            <SaveWhileValid label={saveLabel} />
          ) : (
            <SaveAnyTime label={saveLabel} />
          )}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
