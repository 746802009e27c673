/**
 * The reinstall page's answer when the sensor has no current installation (document 2, section 8:
 * the 406 "There is no currentInstallationId for sensor of ID {id}"): the spec's text, what it
 * means for the staff member, and the way back to the request (or to the sensors) — one message,
 * on the page, instead of a dead end.
 */
import { Alert, AlertTitle, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';

export function NoCurrentInstallation({ sensorId, requestId }: { sensorId: number | null; requestId: number | null }) {
  const translate = useTranslate();
  const back =
    requestId !== null
      ? {
          to: `/installation-requests/${requestId}`,
          label: translate('reinstall.noCurrent.backToRequest', { id: requestId }),
        }
      : { to: '/sensors', label: translate('reinstall.noCurrent.backToSensors') };
  return (
    <Alert
      severity="warning"
      data-testid="reinstall-problem"
      action={
        <Button component={RouterLink} to={back.to} color="inherit" size="small">
          {back.label}
        </Button>
      }
    >
      <AlertTitle>{translate('reinstall.noCurrentInstallation', { id: sensorId })}</AlertTitle>
      {translate(requestId !== null ? 'reinstall.noCurrent.explainRequest' : 'reinstall.noCurrent.explain', {
        id: sensorId,
      })}
    </Alert>
  );
}
