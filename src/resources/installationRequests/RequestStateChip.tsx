/** A request's state as a coloured chip; DONE reads "Installed" (document 2, section 4). */
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { RequestState } from '../../../common/requests';

const COLOR = { WAITING: 'warning', HOLD: 'info', REJECTED: 'default', DONE: 'success' } as const;

export function RequestStateChip({ state, size = 'small' }: { state: RequestState; size?: 'small' | 'medium' }) {
  const translate = useTranslate();
  return (
    <Chip
      size={size}
      variant="outlined"
      color={COLOR[state] ?? 'default'}
      label={translate(`requests.states.${state}`, { _: state })}
      data-state={state}
    />
  );
}
