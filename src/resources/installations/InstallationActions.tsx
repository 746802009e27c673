/**
 * The row actions of an installation (document 2, section 2.1): open its installation request,
 * open its location history, reinstall its sensor, and the external monitoring dashboard (when
 * DASHBOARD_URL is configured). Each needs its own permission; without any, no actions column.
 */
import { Box, IconButton, Tooltip } from '@mui/material';
import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import HistoryIcon from '@mui/icons-material/History';
import MoveIcon from '@mui/icons-material/DriveFileMove';
import DashboardIcon from '@mui/icons-material/Dashboard';
import { useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { runtimeConfig } from '../../config';
import { useCanAccessNow } from '../useCanAccessNow';
import type { Installation } from './types';

export interface RowActionRights {
  request: boolean;
  history: boolean;
  reinstall: boolean;
  dashboard: boolean;
}

/** The dashboard URL of an installation, or undefined when none is configured. */
export function dashboardUrl(row: Pick<Installation, 'installationId' | 'sensorId'>): string | undefined {
  const template = runtimeConfig().dashboardUrl;
  if (!template) return undefined;
  return template
    .replaceAll('{installationId}', encodeURIComponent(String(row.installationId)))
    .replaceAll('{sensorId}', encodeURIComponent(String(row.sensorId)));
}

export function useRowActionRights(): RowActionRights {
  const request = useCanAccessNow({ resource: 'installation-requests', action: 'show' });
  const history = useCanAccessNow({ resource: 'installations', action: 'history' });
  const reinstall = useCanAccessNow({ resource: 'installations', action: 'reinstall' });
  return { request, history, reinstall, dashboard: Boolean(runtimeConfig().dashboardUrl) };
}

const SLOT = 34;

export function InstallationActions({ rights }: { rights: RowActionRights }) {
  const record = useRecordContext<Installation>();
  const translate = useTranslate();
  if (!record) return null;
  const id = record.installationId;
  const slots = [rights.request, rights.history, rights.reinstall, rights.dashboard].filter(Boolean).length;
  const dashboard = rights.dashboard ? dashboardUrl(record) : undefined;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(${slots}, ${SLOT}px)`, justifyContent: 'end' }}>
      {rights.request && (
        <Box>
          {record.installationRequestId !== null && record.installationRequestId !== undefined && (
            <Tooltip title={translate('installations.actions.request')}>
              <IconButton
                size="small"
                component={Link}
                to={`/installation-requests/${record.installationRequestId}`}
                aria-label={translate('installations.actions.requestOf', { id })}
              >
                <AssignmentIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      )}
      {rights.history && (
        <Tooltip title={translate('installations.actions.history')}>
          <IconButton
            size="small"
            component={Link}
            to={`/installations/${id}/history`}
            aria-label={translate('installations.actions.historyOf', { id })}
          >
            <HistoryIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {rights.reinstall && (
        <Tooltip title={translate('installations.actions.reinstall')}>
          <IconButton
            size="small"
            component={Link}
            to={`/installations/reinstallation/${id}`}
            aria-label={translate('installations.actions.reinstallOf', { id })}
          >
            <MoveIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {dashboard && (
        <Tooltip title={translate('installations.actions.dashboard')}>
          <IconButton
            size="small"
            component="a"
            href={dashboard}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={translate('installations.actions.dashboardOf', { id })}
          >
            <DashboardIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}
