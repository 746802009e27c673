/**
 * The installation request a reinstall comes from (document 2, section 2.3): its data, and
 * "fill location" / "fill contact" buttons that copy its location or its e-mail and phone into the
 * form again (outside the form, while the sensor is still to be chosen, it is read-only). Request
 * type, client type and state show by their labels, as on the requests list.
 */
import type { ReactNode } from 'react';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import PlaceIcon from '@mui/icons-material/Place';
import ContactMailIcon from '@mui/icons-material/ContactMail';
import { useFormContext } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import type { InstallationRequest } from '../../dataProviders/types';
import { contactFromRequest, locationFromRequest, type ReinstallValues } from './reinstallForm';

function Row({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="body2" color="text.secondary" component="dt">
        {translate(label)}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children ?? '—'}
      </Typography>
    </>
  );
}

export function RequestSummary({ request }: { request: InstallationRequest }) {
  const translate = useTranslate();
  // Outside the form (while the sensor is still to be chosen) the summary is read-only.
  const form = useFormContext<ReinstallValues>() as ReturnType<typeof useFormContext<ReinstallValues>> | null;
  const fill = (values: Partial<ReinstallValues>) => {
    for (const [key, value] of Object.entries(values))
      form?.setValue(key as keyof ReinstallValues, value as never, {
        shouldDirty: true,
        shouldValidate: form.formState.isSubmitted,
      });
  };
  const location = request.location;
  return (
    <Card variant="outlined" data-testid="reinstall-request">
      <CardContent>
        <Typography variant="subtitle1" sx={{ mb: 1 }}>
          {translate('reinstall.request.title', { id: request.id })}
        </Typography>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, m: 0 }}
        >
          <Row label="reinstall.request.sensor">{request.sensorId}</Row>
          <Row label="reinstall.request.type">
            {translate(`requests.requestTypes.${request.requestType}`, { _: request.requestType })} ·{' '}
            {translate(`requests.clientTypes.${request.clientType}`, { _: request.clientType })}
          </Row>
          <Row label="reinstall.request.state">
            {translate(`requests.states.${request.state}`, { _: request.state })}
          </Row>
          <Row label="reinstall.request.contractor">{request.contractorName}</Row>
          <Row label="reinstall.request.address">{request.address}</Row>
          <Row label="reinstall.request.location">
            {location?.latitude != null && location.longitude != null
              ? `${location.latitude.toFixed(6)}, ${location.longitude.toFixed(6)}`
              : null}
          </Row>
          <Row label="reinstall.request.email">{request.email}</Row>
          <Row label="reinstall.request.phone">{request.phone}</Row>
          <Row label="reinstall.request.notes">{request.notes}</Row>
        </Box>
        {form && (
          <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
            <Button
              size="small"
              variant="outlined"
              startIcon={<PlaceIcon />}
              disabled={location?.latitude == null || location.longitude == null}
              onClick={() => fill(locationFromRequest(request))}
            >
              {translate('reinstall.request.fillLocation')}
            </Button>
            <Button
              size="small"
              variant="outlined"
              startIcon={<ContactMailIcon />}
              disabled={!request.email && !request.phone}
              onClick={() => fill(contactFromRequest(request))}
            >
              {translate('reinstall.request.fillContact')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
