/** A date as `YYYY-MM-DD HH:mm:ssZ` plus relative time, refreshed every 10 seconds. */
import { Tooltip, Typography } from '@mui/material';
import { format, formatDistanceStrict } from 'date-fns';
import { useRecordContext, useTranslate } from 'react-admin';
import { useNow } from './useNow';

export function formatDateTime(value: Date | string | number): string {
  return format(new Date(value), 'yyyy-MM-dd HH:mm:ssXXX');
}

export function relativeTime(value: Date | string | number, now: number): string {
  const date = new Date(value);
  const distance = formatDistanceStrict(date, now);
  return date.getTime() > now ? `in ${distance}` : `${distance} ago`;
}

export function RelativeDate({ value, prefix }: { value: Date | string | number | null | undefined; prefix?: string }) {
  const now = useNow();
  const translate = useTranslate();
  if (value === null || value === undefined || value === '') return <Typography variant="body2">—</Typography>;
  if (Number.isNaN(new Date(value).getTime()))
    return <Typography variant="body2">{translate('aq.invalidType')}</Typography>;
  return (
    <Tooltip title={formatDateTime(value)}>
      <Typography variant="body2" component="span">
        {prefix ? `${prefix} ` : ''}
        {formatDateTime(value)}{' '}
        <Typography component="span" variant="caption" color="text.secondary">
          ({relativeTime(value, now)})
        </Typography>
      </Typography>
    </Tooltip>
  );
}

export function DateTimeField({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  return <RelativeDate value={record?.[source] as string | undefined} />;
}
