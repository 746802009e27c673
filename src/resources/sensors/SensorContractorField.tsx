/** The sensor's contractor, linking to the installations search for that contractor. */
import { Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Sensor } from './types';

export const contractorSearchPath = (contractorId: number) =>
  `/installations?search=${encodeURIComponent(`contractorId = ${contractorId}`)}&advanced=true`;

export function SensorContractorField() {
  const sensor = useRecordContext<Sensor>();
  const translate = useTranslate();
  const contractor = sensor?.info.contractor;
  if (!contractor) return <Typography variant="body2">—</Typography>;
  return (
    <MuiLink
      component={Link}
      to={contractorSearchPath(contractor.id)}
      variant="body2"
      title={translate('aq.pages.sensors.contractorInstallations', { id: contractor.id })}
    >
      {contractor.name || `#${contractor.id}`}
    </MuiLink>
  );
}
