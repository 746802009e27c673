/** A date as `YYYY-MM-DD HH:mm:ssZ` plus relative time, refreshed every 10 seconds. */
import { Tooltip, Typography } from '@mui/material';
import { format, formatDistanceStrict } from 'date-fns';
import { useRecordContext, useTranslate, type TranslateFunction } from 'react-admin';
import { useNow } from './useNow';

export function formatDateTime(value: Date | string | number): string {
  return format(new Date(value), 'yyyy-MM-dd HH:mm:ssXXX');
}

/** 'in 3 days' / '3 days ago' (the distance itself is date-fns's English). */
export function relativeTime(value: Date | string | number, now: number, translate: TranslateFunction): string {
  const date = new Date(value);
  const distance = formatDistanceStrict(date, now);
  return translate(date.getTime() > now ? 'aq.time.future' : 'aq.time.past', { distance });
}

/** `prefixKey`: the message key of a word put before the date ('Expires at'). */
export function RelativeDate({
  value,
  prefixKey,
}: {
  value: Date | string | number | null | undefined;
  prefixKey?: string;
}) {
  const now = useNow();
  const translate = useTranslate();
  if (value === null || value === undefined || value === '') return <Typography variant="body2">—</Typography>;
  if (Number.isNaN(new Date(value).getTime()))
    return <Typography variant="body2">{translate('aq.invalidType')}</Typography>;
  return (
    <Tooltip title={formatDateTime(value)}>
      <Typography variant="body2" component="span">
        {prefixKey ? `${translate(prefixKey)} ` : ''}
        {formatDateTime(value)}{' '}
        <Typography component="span" variant="caption" color="text.secondary">
          ({relativeTime(value, now, translate)})
        </Typography>
      </Typography>
    </Tooltip>
  );
}

export function DateTimeField({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  return <RelativeDate value={record?.[source] as string | undefined} />;
}
