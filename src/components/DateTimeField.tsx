/**
 * A date as `YYYY-MM-DD HH:mm:ssZ` plus relative time in the console's language, refreshed every
 * 10 seconds; the text comes from src/components/dates.ts, the one helper of every date shown.
 */
import { Tooltip, Typography } from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime, isDate, relativeTime, type DateValue } from './dates';
import { useNow } from './useNow';

/** `prefixKey`: the message key of a word put before the date ('Expires at'). */
export function RelativeDate({ value, prefixKey }: { value: DateValue | null | undefined; prefixKey?: string }) {
  const now = useNow();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (value === null || value === undefined || value === '') return <Typography variant="body2">—</Typography>;
  if (!isDate(value)) return <Typography variant="body2">{translate('aq.invalidType')}</Typography>;
  return (
    <Tooltip title={formatDateTime(value)}>
      <Typography variant="body2" component="span">
        {prefixKey ? `${translate(prefixKey)} ` : ''}
        {formatDateTime(value)}{' '}
        <Typography component="span" variant="caption" color="text.secondary">
          ({relativeTime(value, now, locale)})
        </Typography>
      </Typography>
    </Tooltip>
  );
}

export function DateTimeField({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  return <RelativeDate value={record?.[source] as string | undefined} />;
}
