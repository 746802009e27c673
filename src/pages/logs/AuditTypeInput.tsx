/** The event-type combo box: every audit event type, type-to-filter, empty for all types. */
import { Autocomplete, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AUDIT_EVENT_TYPES, type AuditEventType } from '../../../common/auditEvents';

export function AuditTypeInput({
  value,
  onChange,
}: {
  value: AuditEventType | undefined;
  onChange(type: AuditEventType | undefined): void;
}) {
  const translate = useTranslate();
  return (
    <Autocomplete
      size="small"
      options={AUDIT_EVENT_TYPES}
      value={value ?? null}
      onChange={(_e, next) => onChange(next ?? undefined)}
      sx={{ flex: '1 1 240px', maxWidth: 360 }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('aq.pages.logs.fields.eventType')}
          placeholder={translate('aq.pages.logs.allTypes')}
        />
      )}
    />
  );
}
