/**
 * FormPage: a page around a react-admin `<SimpleForm>` — the frame of the firmware pages that create
 * something (a Gen3 version, a Gen3 deployment, a Gen3 binary): a card with the page title, the
 * inputs, and one `<SaveButton>` (a double click submits once). The server's refusals show on the
 * field they name (`fields`); success notices and where to go next are the caller's.
 */
import type { ReactNode } from 'react';
import { Card, CardContent } from '@mui/material';
import { SaveButton, SimpleForm, Title, Toolbar, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useFormSubmit } from './formSubmit';

export function FormPage<V extends FieldValues>({
  title,
  titleArgs,
  saveLabel,
  saveIcon,
  defaultValues,
  fields,
  onSubmit,
  children,
}: {
  /** Message key of the title, with its values. */
  title: string;
  titleArgs?: Record<string, unknown>;
  /** Message key of the save button, and its icon (react-admin's save icon when none). */
  saveLabel: string;
  saveIcon?: ReactNode;
  /** The values the form starts from. */
  defaultValues: FieldValues;
  /** Fields a refusal of the server may name. */
  fields: readonly (keyof V & string)[];
  /** Sends the values through the data provider; resolves once saved, rejects with the refusal. */
  onSubmit(values: V): Promise<unknown>;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const submit = useFormSubmit<V>(onSubmit, { fields });
  return (
    <Card sx={{ mt: 2, maxWidth: 640 }}>
      <Title title={translate(title, titleArgs)} />
      <CardContent>
        <SimpleForm
          onSubmit={submit}
          defaultValues={defaultValues}
          warnWhenUnsavedChanges={false}
          noValidate
          toolbar={
            <Toolbar>
              <SaveButton label={saveLabel} icon={saveIcon} />
            </Toolbar>
          }
        >
          {children}
        </SimpleForm>
      </CardContent>
    </Card>
  );
}
