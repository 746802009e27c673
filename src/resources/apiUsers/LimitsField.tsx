/**
 * A limit in a list cell: "5/s · 100/min · 41K/day" (compact numbers, the exact ones in the hover
 * title), "Default" for no custom standard limit, dimmed while the samples API is off.
 */
import { Fragment } from 'react';
import { Box, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { limitEntries, type Limits } from '../../../common/apiLimits';

export function LimitsField({
  limits,
  kind,
  samplesOn,
}: {
  limits: Limits | null;
  kind: 'standard' | 'samples';
  samplesOn?: boolean;
}) {
  const translate = useTranslate();
  const locale = useLocaleState()[0];
  if (!limits)
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {translate(kind === 'standard' ? 'apiUsers.limits.default' : 'apiUsers.limits.none')}
      </Typography>
    );
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const exact = new Intl.NumberFormat(locale);
  const entries = limitEntries(limits);
  const parts = entries.map(([period, value]) =>
    translate(`apiUsers.limits.per.${period}`, { value: compact.format(value) }),
  );
  const full = entries
    .map(([period, value]) => translate(`apiUsers.limits.per.${period}`, { value: exact.format(value) }))
    .join(' · ');
  const off = kind === 'samples' && !samplesOn;
  return (
    <Typography
      variant="body2"
      component="span"
      color={off ? 'text.disabled' : undefined}
      title={off ? `${full} (${translate('apiUsers.limits.samplesOff')})` : full}
      sx={{ display: 'block', maxWidth: 170, fontVariantNumeric: 'tabular-nums' }}
    >
      {parts.map((part, i) => (
        <Fragment key={part}>
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {part}
          </Box>
          {i < parts.length - 1 ? ' · ' : ''}
        </Fragment>
      ))}
      {off && <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{` (${translate('apiUsers.limits.off')})`}</Box>}
    </Typography>
  );
}
