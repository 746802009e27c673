/**
 * What a click on the map opens: for one installation its id, coordinates and activity and the
 * list's row actions — the list searching that id, location history and reinstall (each only for a
 * user allowed to), copying the coordinates; for installations at one place (a cluster no zoom
 * separates) the list of them, each opening its own actions.
 */
import { Box, Button, Link as MuiLink, Stack, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import HistoryIcon from '@mui/icons-material/History';
import ListIcon from '@mui/icons-material/List';
import MoveUpIcon from '@mui/icons-material/MoveUp';
import { Link } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import { useCanAccessNow } from '../../useCanAccessNow';
import { success } from '../../../components/sensors/notifications';
import type { MapInstallation } from './clusters';

const coordinates = ({ lat, lng }: MapInstallation) => `${lat.toFixed(6)}, ${lng.toFixed(6)}`;

export const installationListPath = (id: number) => `/installations?search=${id}&advanced=false`;

export function InstallationPopup({ installation }: { installation: MapInstallation }) {
  const translate = useTranslate();
  const notify = useNotify();
  const canHistory = useCanAccessNow({ resource: 'installations', action: 'history' });
  const canReinstall = useCanAccessNow({ resource: 'installations', action: 'reinstall' });
  const { id } = installation;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(coordinates(installation));
      notify(...success('installations.notifications.coordinatesCopied'));
    } catch {
      notify('aq.notifications.copyFailed', { type: 'error' });
    }
  };

  return (
    <Box data-testid="installation-popup" sx={{ minWidth: 200 }}>
      <Typography variant="subtitle2">{translate('installations.map.installation', { id })}</Typography>
      <Typography variant="body2" color="text.secondary">
        {coordinates(installation)} ·{' '}
        {translate(installation.active ? 'installations.map.active' : 'installations.map.inactive')}
      </Typography>
      <Stack alignItems="flex-start" sx={{ mt: 1 }}>
        <Button size="small" component={Link} to={installationListPath(id)} startIcon={<ListIcon />}>
          {translate('installations.map.showInList')}
        </Button>
        {canHistory && (
          <Button size="small" component={Link} to={`/installations/${id}/history`} startIcon={<HistoryIcon />}>
            {translate('installations.map.history')}
          </Button>
        )}
        {canReinstall && (
          <Button size="small" component={Link} to={`/installations/reinstallation/${id}`} startIcon={<MoveUpIcon />}>
            {translate('installations.map.reinstall')}
          </Button>
        )}
        <Button size="small" onClick={() => void copy()} startIcon={<ContentCopyIcon />}>
          {translate('installations.map.copy')}
        </Button>
      </Stack>
    </Box>
  );
}

/** Installations sharing one place: their ids (the first `installations.length` of `total`). */
export function StackPopup({
  installations,
  total,
  onSelect,
}: {
  installations: MapInstallation[];
  total: number;
  onSelect: (installation: MapInstallation) => void;
}) {
  const translate = useTranslate();
  return (
    <Box data-testid="installation-stack-popup" sx={{ minWidth: 200, maxHeight: 260, overflowY: 'auto' }}>
      <Typography variant="subtitle2">{translate('installations.map.samePlace', { smart_count: total })}</Typography>
      <Box component="ul" sx={{ pl: 2, my: 1 }}>
        {installations.map((i) => (
          <li key={i.id}>
            <MuiLink component="button" type="button" variant="body2" onClick={() => onSelect(i)}>
              {translate('installations.map.installation', { id: i.id })}
            </MuiLink>
          </li>
        ))}
      </Box>
      {total > installations.length && (
        <Typography variant="caption" color="text.secondary">
          {translate('installations.map.more', { smart_count: total - installations.length })}
        </Typography>
      )}
    </Box>
  );
}
