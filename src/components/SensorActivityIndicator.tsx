/**
 * The sensor activity indicator (document 2, section 2.1) beside an entered id: loading, active,
 * inactive (no measurement in the last 20 minutes), visible (already on the map) or ghost (no such
 * sensor), from `GET /sensor/{id}/activity`.
 */
import { Chip, Tooltip } from '@mui/material';
import CircleIcon from '@mui/icons-material/Circle';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider, SensorActivityInfo } from '../dataProviders/types';
import { retryUnlessClientError } from '../dataProviders/queryClient';
import { formatDateTime } from './dates';

export type ActivityState = 'loading' | 'active' | 'inactive' | 'visible' | 'ghost';

const STATES: Record<ActivityState, { color: 'disabled' | 'success' | 'warning' | 'info' | 'error'; label: string }> = {
  loading: { color: 'disabled', label: 'aq.activity.loading' },
  active: { color: 'success', label: 'aq.activity.active' },
  inactive: { color: 'warning', label: 'aq.activity.inactive' },
  visible: { color: 'info', label: 'aq.activity.visible' },
  ghost: { color: 'error', label: 'aq.activity.ghost' },
};

export function activityState(activity: SensorActivityInfo | undefined): ActivityState {
  if (!activity) return 'loading';
  if (!activity.exists) return 'ghost';
  if (activity.visible) return 'visible';
  return activity.active ? 'active' : 'inactive';
}

/** `sensorId` undefined: still being found out (loading); null: nothing there (ghost). */
export function SensorActivityIndicator({ sensorId }: { sensorId: number | null | undefined }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useTranslate();
  const activity = useQuery({
    queryKey: ['reinstall', 'activity', sensorId],
    queryFn: ({ signal }) => dataProvider.getSensorActivityInfo('reinstall', { id: sensorId!, signal }),
    enabled: typeof sensorId === 'number',
    retry: retryUnlessClientError,
  });
  const state: ActivityState = sensorId === null || activity.isError ? 'ghost' : activityState(activity.data);
  const label = translate(STATES[state].label);
  const lastContact = activity.data?.lastContact;
  return (
    <Tooltip
      title={
        typeof sensorId === 'number'
          ? translate('aq.activity.tooltip', {
              id: sensorId,
              state: label,
              lastContact: lastContact ? formatDateTime(lastContact) : '—',
            })
          : label
      }
    >
      <Chip
        size="small"
        variant="outlined"
        icon={<CircleIcon color={STATES[state].color} sx={{ fontSize: 12 }} />}
        label={label}
        data-testid="sensor-activity"
        data-state={state}
        sx={{ flexShrink: 0 }}
      />
    </Tooltip>
  );
}
