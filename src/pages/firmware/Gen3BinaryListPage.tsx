/**
 * The binaries of a Gen3 version (DeploymentsGen3VersionBinaries, /deployments/gen3/versions/{version}/binaries,
 * view_versions): Id, Module, Description, Created At, Hash and Activate / Deactivate (add_versions);
 * not sortable, newest first, 10/20/50/100 per page with first and last page buttons; a floating
 * "Upload Binary" button with add_versions.
 */
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Box, Button, Card, CardContent, Fab, LinearProgress, TablePagination, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import UploadIcon from '@mui/icons-material/Upload';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { gen3Version } from '../../../common/entities';
import type { AppDataProvider } from '../../dataProviders/types';
import { gen3VersionPath } from '../../resources/firmware/Gen3VersionList';
import { useCanAccessNow } from '../../resources/useCanAccessNow';
import { Gen3BinaryActionButton } from './Gen3BinaryActionButton';
import { Gen3BinaryTable } from './Gen3BinaryTable';
import { useGen3VersionProblem } from './useGen3Version';

const RESOURCE = 'deployments/gen3/versions';
const PAGE_SIZES = gen3Version.perPageOptions ?? [10, 20, 50, 100];

export function Gen3BinaryListPage() {
  const { version = '' } = useParams();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const canEdit = useCanAccessNow({ resource: RESOURCE, action: 'create' });
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState<number>(PAGE_SIZES[0]!);
  const { data, isPending, error } = useQuery({
    queryKey: [RESOURCE, version, 'binaries', page, limit],
    queryFn: ({ signal }) => dataProvider.getGen3Binaries(RESOURCE, { version, page: page + 1, limit, signal }),
    placeholderData: keepPreviousData,
  });
  const problem = useGen3VersionProblem(error, version);
  return (
    <Card sx={{ mt: 2, mb: 10 }}>
      <Title title={translate('firmware.gen3.binaries.title', { version })} />
      <CardContent>
        <Button component={RouterLink} to={gen3VersionPath(version)} startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
          {translate('firmware.gen3.binaries.back', { version })}
        </Button>
        {isPending ? (
          <LinearProgress />
        ) : error ? (
          <Typography color="error">{problem}</Typography>
        ) : data.total === 0 ? (
          <Typography color="text.secondary">{translate('aq.noData')}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Gen3BinaryTable
              rows={data.data}
              testId="gen3-binaries"
              actions={canEdit ? (b) => <Gen3BinaryActionButton version={version} binary={b} /> : undefined}
            />
            <TablePagination
              component="div"
              count={data.total}
              page={page}
              rowsPerPage={limit}
              rowsPerPageOptions={[...PAGE_SIZES]}
              labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
              labelDisplayedRows={({ from, to, count }) =>
                translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })
              }
              getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
              onPageChange={(_e, p) => setPage(p)}
              onRowsPerPageChange={(e) => {
                setLimit(Number(e.target.value));
                setPage(0);
              }}
              showFirstButton
              showLastButton
            />
          </Box>
        )}
      </CardContent>
      {canEdit && (
        <Fab
          variant="extended"
          color="primary"
          component={RouterLink}
          to={`${gen3VersionPath(version)}/binaries/create`}
          sx={{ position: 'fixed', right: 32, bottom: 32 }}
        >
          <UploadIcon sx={{ mr: 1 }} />
          {translate('firmware.gen3.binaries.upload')}
        </Fab>
      )}
    </Card>
  );
}
