/**
 * One installation request (InstallationRequest, /installation-requests/{requestId},
 * view_installation_requests; document 2, sections 2.4, 3, 4, 7, 8): its data, the submitted notes
 * (read-only) and the staff notes, its images with the upload, its location on a map, and the
 * actions its state allows.
 */
import type { ReactNode } from 'react';
import { Alert, Avatar, Box, Button, Card, CardContent, LinearProgress, Link, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Title, useGetOne, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ApiError } from '../../dataProviders/errors';
import { RelativeDate } from '../../components/DateTimeField';
import { imageUrl } from './imageUrl';
import { RequestActions } from './RequestActions';
import { RequestFields } from './RequestFields';
import { RequestImages } from './RequestImages';
import { RequestLocation } from './RequestLocation';
import { RequestNotes } from './RequestNotes';
import { RequestStateChip } from './RequestStateChip';
import type { InstallationRequestRecord } from './types';

const isValidRequestId = (id: string | undefined): id is string => !!id && /^\d{1,10}$/.test(id) && Number(id) > 0;
const isNotFound = (e: unknown) => e instanceof ApiError && e.kind === 'response' && e.status === 404;

function Contractor({ request }: { request: InstallationRequestRecord }) {
  const translate = useTranslate();
  const name = request.contractorName ?? `#${request.contractorId}`;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      {request.contractorLogo && (
        <Avatar src={imageUrl(request.contractorLogo)} alt="" variant="rounded" sx={{ width: 24, height: 24 }} />
      )}
      <span>{request.contractorId !== null ? `[${request.contractorId}] ${name}` : name}</span>
      {request.contractorLink && (
        <Link href={request.contractorLink} target="_blank" rel="noopener noreferrer">
          {translate('requests.page.contractorLink')}
        </Link>
      )}
    </Box>
  );
}

function Details({ request }: { request: InstallationRequestRecord }) {
  const translate = useTranslate();
  const rows: { field: string; value: ReactNode }[] = [
    { field: 'sensorId', value: request.sensorId },
    {
      field: 'requestType',
      value: translate(`requests.requestTypes.${request.requestType}`, { _: request.requestType }),
    },
    { field: 'clientType', value: translate(`requests.clientTypes.${request.clientType}`, { _: request.clientType }) },
    { field: 'createdAt', value: <RelativeDate value={request.createdAt} /> },
    { field: 'updatedAt', value: <RelativeDate value={request.updatedAt} /> },
    { field: 'address', value: request.address },
    { field: 'email', value: request.email && <Link href={`mailto:${request.email}`}>{request.email}</Link> },
    {
      field: 'phone',
      value: request.phone && <Link href={`tel:${request.phone.replace(/\s/g, '')}`}>{request.phone}</Link>,
    },
    { field: 'language', value: request.language },
    {
      field: 'contractorName',
      value: request.contractorName || request.contractorId !== null ? <Contractor request={request} /> : null,
    },
  ];
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle1" gutterBottom>
          {translate('requests.page.details')}
        </Typography>
        <RequestFields rows={rows} />
      </CardContent>
    </Card>
  );
}

export function RequestPage() {
  const translate = useTranslate();
  const { requestId } = useParams<{ requestId: string }>();
  const valid = isValidRequestId(requestId);
  const { data, error, isPending } = useGetOne<InstallationRequestRecord>(
    'installation-requests',
    { id: valid ? Number(requestId) : 0 },
    { enabled: valid },
  );
  const title = translate('requests.page.title', { id: requestId ?? '' });
  let problem: string | undefined;
  if (!valid) problem = translate('requests.page.invalidId', { id: requestId ?? '' });
  else if (isNotFound(error)) problem = translate('requests.page.notFound', { id: requestId });

  return (
    <Box sx={{ mt: 2, mb: 4 }} data-testid="request-page">
      <Title title={title} />
      <Button component={RouterLink} to="/installation-requests" size="small" startIcon={<ArrowBackIcon />}>
        {translate('requests.page.back')}
      </Button>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, my: 1.5 }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {data && <RequestStateChip state={data.state} size="medium" />}
        <Box sx={{ flex: 1 }} />
        {data && <RequestActions request={data} />}
      </Box>
      {problem ? (
        <Alert severity="warning" data-testid="request-problem">
          {problem}
        </Alert>
      ) : data ? (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
            gap: 2,
            alignItems: 'start',
          }}
        >
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
            <Details request={data} />
            <RequestNotes request={data} />
          </Box>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
            <RequestLocation request={data} />
            <RequestImages request={data} />
          </Box>
        </Box>
      ) : isPending && valid ? (
        <LinearProgress />
      ) : null}
    </Box>
  );
}

export default RequestPage;
