/**
 * Row actions of a contractor (document 2, section 2.5): its history (ContractorsHistory), the
 * developer-portal users searched by its name (AdpUsersIndex, `search`), and the installations
 * list with an advanced search on its id. Each shows only when the user may open its route.
 */
import { Box, IconButton, Tooltip } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import PeopleIcon from '@mui/icons-material/People';
import SensorsIcon from '@mui/icons-material/Sensors';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { useRecordContext, useTranslate } from 'react-admin';
import { contractorSearchPath } from '../sensors/SensorContractorField';
import { routeByName } from '../routes';
import { useRouteAccess } from '../useRouteAccess';
import type { Contractor } from './types';

export const contractorHistoryPath = (id: number) => `/contractors/${id}/history`;
export const contractorAdpUsersPath = (name: string) => `/adp-users?${new URLSearchParams({ search: name })}`;

export interface ContractorActionRights {
  history: boolean;
  adpUsers: boolean;
  installations: boolean;
}

export function useContractorActionRights(): ContractorActionRights {
  const { canOpen } = useRouteAccess();
  return {
    history: canOpen(routeByName('ContractorsHistory')),
    adpUsers: canOpen(routeByName('AdpUsersIndex')),
    installations: canOpen(routeByName('InstallationsIndex')),
  };
}

function Action({ to, label, icon }: { to: string; label: string; icon: ReactElement }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" component={Link} to={to} aria-label={label}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

export function ContractorActions({ rights }: { rights: ContractorActionRights }) {
  const record = useRecordContext<Contractor>();
  const translate = useTranslate();
  if (!record) return null;
  const args = { name: record.name, id: record.id };
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 34px)', justifyContent: 'end', justifyItems: 'center' }}
    >
      <Box>
        {rights.history && (
          <Action
            to={contractorHistoryPath(record.id)}
            label={translate('contractors.actions.historyOf', args)}
            icon={<HistoryIcon fontSize="small" />}
          />
        )}
      </Box>
      <Box>
        {rights.adpUsers && (
          <Action
            to={contractorAdpUsersPath(record.name)}
            label={translate('contractors.actions.adpUsersOf', args)}
            icon={<PeopleIcon fontSize="small" />}
          />
        )}
      </Box>
      <Box>
        {rights.installations && (
          <Action
            to={contractorSearchPath(record.id)}
            label={translate('contractors.actions.installationsOf', args)}
            icon={<SensorsIcon fontSize="small" />}
          />
        )}
      </Box>
    </Box>
  );
}
