/**
 * The token table of API Manager and Integrations: name, (owner), permissions, expiry, status and
 * the row actions. Sorted and paged in the browser: GET /integrations returns the whole list.
 */
import { Box, Typography } from '@mui/material';
import { DataTable, ListContextProvider, Pagination, useList, useTranslate } from 'react-admin';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../common/domain';
import { DuplicateTokenButton } from './DuplicateTokenButton';
import { RevokeTokenButton } from './RevokeTokenButton';
import { TokenExpiryField } from './TokenExpiryField';
import { TokenPermissionsField } from './TokenPermissionsField';
import { TokenStatusField } from './TokenStatusField';
import type { ApiToken } from './types';
import { TruncatedText } from '../../components/TruncatedText';
import { GridDataTable } from '../../components/grid/GridDataTable';

const Column = DataTable.Col<ApiToken>;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

const TokenRowActions = () => (
  <Box sx={{ display: 'flex', justifyContent: 'flex-end', whiteSpace: 'nowrap' }}>
    <DuplicateTokenButton />
    <RevokeTokenButton />
  </Box>
);

function Empty() {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 4 }} color="text.secondary" data-testid="tokens-empty">
      {translate('aq.pages.tokens.empty')}
    </Typography>
  );
}

function Loading() {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 4 }} color="text.secondary">
      {translate('aq.loading')}
    </Typography>
  );
}

export function TokenTable({
  tokens,
  isPending,
  showOwner,
}: {
  tokens: ApiToken[] | undefined;
  isPending: boolean;
  showOwner?: boolean;
}) {
  const list = useList<ApiToken>({
    data: tokens,
    isPending,
    resource: 'tokens',
    perPage: DEFAULT_PAGE_SIZE,
    sort: { field: 'id', order: 'DESC' },
  });
  if (isPending) return <Loading />;
  if (!tokens?.length) return <Empty />;
  return (
    <ListContextProvider value={list}>
      <GridDataTable
        resource="tokens"
        bulkActionButtons={false}
        rowClick={false}
        empty={<Empty />}
        data-testid="token-table"
      >
        <Column
          source="name"
          label="aq.pages.tokens.fields.name"
          sx={{ minWidth: 120 }}
          render={(t) => <TruncatedText text={t.name} maxWidth={280} />}
        />
        {showOwner && (
          <Column
            source="ownerName"
            label="aq.pages.tokens.fields.owner"
            sx={NOWRAP}
            render={(t) => <TruncatedText text={t.ownerName} maxWidth={200} />}
          />
        )}
        <Column
          source="permissions"
          label="aq.pages.tokens.fields.permissions"
          disableSort
          field={TokenPermissionsField}
        />
        <Column source="expiresAt" label="aq.pages.tokens.fields.expiry" sx={NOWRAP} field={TokenExpiryField} />
        <Column source="active" label="aq.pages.tokens.fields.status" disableSort field={TokenStatusField} />
        <Column label="aq.fields.actions" align="right" disableSort>
          <TokenRowActions />
        </Column>
      </GridDataTable>
      {tokens.length > DEFAULT_PAGE_SIZE && <Pagination rowsPerPageOptions={[...PAGE_SIZES]} />}
    </ListContextProvider>
  );
}
