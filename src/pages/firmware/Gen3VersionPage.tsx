/**
 * One Gen3 version (DeploymentsGen3Version, /deployments/gen3/versions/{version}, view_versions):
 * version, description, created date, the active binary of each module, and a link to all its
 * binaries.
 */
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ListIcon from '@mui/icons-material/List';
import { useQuery } from '@tanstack/react-query';
import { Labeled, Title, useDataProvider, useTranslate } from 'react-admin';
import { formatDateTime } from '../../components/dates';
import type { AppDataProvider } from '../../dataProviders/types';
import { gen3VersionPath } from '../../resources/firmware/Gen3VersionList';
import { Gen3BinaryTable } from './Gen3BinaryTable';
import { useGen3Version } from './useGen3Version';

const RESOURCE = 'deployments/gen3/versions';

export function Gen3VersionPage() {
  const { version = '' } = useParams();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { one, problem } = useGen3Version(version);
  const active = useQuery({
    queryKey: [RESOURCE, version, 'active'],
    queryFn: ({ signal }) => dataProvider.getGen3ActiveBinaries(RESOURCE, { version, signal }),
  });
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('firmware.gen3.version.title', { version })} />
      <CardContent>
        <Button component={RouterLink} to="/deployments/gen3/versions" startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
          {translate('firmware.gen3.version.back')}
        </Button>
        {one.isPending ? (
          <LinearProgress />
        ) : one.error ? (
          <Typography color="error">{problem}</Typography>
        ) : (
          <Stack spacing={3}>
            <Stack direction="row" spacing={4} sx={{ flexWrap: 'wrap' }} data-testid="gen3-version">
              <Labeled label={translate('firmware.gen3.version.version')}>
                <Typography>{one.data.version}</Typography>
              </Labeled>
              <Labeled label={translate('firmware.gen3.description')}>
                <Typography>{one.data.description ?? '—'}</Typography>
              </Labeled>
              <Labeled label={translate('firmware.gen3.version.created')}>
                <Typography>{formatDateTime(one.data.createdDate)}</Typography>
              </Labeled>
            </Stack>
            <Box>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
                <Typography variant="h6">{translate('firmware.gen3.version.activeBinaries')}</Typography>
                <Button component={RouterLink} to={`${gen3VersionPath(version)}/binaries`} startIcon={<ListIcon />}>
                  {translate('firmware.gen3.version.allBinaries')}
                </Button>
              </Stack>
              {active.isPending ? (
                <LinearProgress />
              ) : !active.data?.length ? (
                <Typography color="text.secondary">{translate('firmware.gen3.version.noActive')}</Typography>
              ) : (
                <Gen3BinaryTable rows={active.data} testId="gen3-active-binaries" />
              )}
            </Box>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
