/**
 * The history table shared by sensor and installation history (document 2, section 2.2): one row
 * per installation record, newest first, sorted and paged locally. Contact and address columns
 * follow the same VIEW_* permissions as the installations list.
 */
import { Typography } from '@mui/material';
import { DataTable, ListContextProvider, Pagination, useList, useTranslate } from 'react-admin';
import { PAGE_SIZES } from '../../../common/domain';
import { RelativeDate } from '../../components/DateTimeField';
import { fieldRule, installation } from '../../../common/entities';
import { useTags } from '../../resources/tags/useTags';
import { usePermissionSet } from '../../state/useSession';
import {
  AddressField,
  AlternativeAddressesField,
  HistoryContractorField,
  HistoryTagsField,
  LocationField,
  RequestLinkField,
  VisibilityField,
} from './HistoryFields';
import type { HistoryRecord } from './types';

const Column = DataTable.Col<HistoryRecord>;
const rowsPerPageOptions = [...PAGE_SIZES];
const nowrap = { whiteSpace: 'nowrap' } as const;
const orDash = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

function Empty() {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 4 }} color="text.secondary" data-testid="list-empty">
      {translate('aq.noData')}
    </Typography>
  );
}

export function HistoryTable({ records, isPending }: { records: HistoryRecord[] | undefined; isPending: boolean }) {
  const permissions = usePermissionSet();
  const field = (name: string) => permissions.can(fieldRule(installation, name));
  const { tags } = useTags('installations');
  const list = useList<HistoryRecord>({
    data: records,
    isPending,
    perPage: 10,
    sort: { field: 'installationDate', order: 'DESC' },
  });
  return (
    <ListContextProvider value={list}>
      <DataTable resource="history" bulkActionButtons={false} rowClick={false} empty={<Empty />} size="small">
        <Column source="sensorId" label="Sensor ID" />
        <Column source="installationId" label="Installation ID" />
        <Column source="successorId" label="Successor" render={(r) => orDash(r.successorId)} />
        <Column source="predecessorId" label="Predecessor" render={(r) => orDash(r.predecessorId)} />
        <Column
          source="installationDate"
          label="Installation date"
          sx={nowrap}
          render={(r) => <RelativeDate value={r.installationDate} />}
        />
        <Column
          source="removedAt"
          label="Removed at"
          sx={nowrap}
          render={(r) => <RelativeDate value={r.removedAt} />}
        />
        {field('contractorName') && (
          <Column source="contractor.name" label="Contractor" render={() => <HistoryContractorField />} />
        )}
        <Column source="isVisible" label="Visibility" render={() => <VisibilityField />} />
        <Column
          source="mamsl"
          label="Elevation"
          render={(r) => (r.mamsl === null || r.mamsl === undefined ? '—' : `${r.mamsl} m`)}
        />
        <Column source="location" label="Location" disableSort render={() => <LocationField />} />
        {field('address') && <Column source="address" label="Address" disableSort render={() => <AddressField />} />}
        <Column
          source="alternativeAddress1"
          label="Alternative addresses"
          disableSort
          render={() => <AlternativeAddressesField />}
        />
        {field('contactFullName') && (
          <Column source="contactFullName" label="Contact person" render={(r) => orDash(r.contactFullName)} />
        )}
        {field('contactEmail') && (
          <Column source="contactEmail" label="Contact e-mail" render={(r) => orDash(r.contactEmail)} />
        )}
        {field('contactPhoneNumber') && (
          <Column source="contactPhoneNumber" label="Contact phone" render={(r) => orDash(r.contactPhoneNumber)} />
        )}
        <Column source="tags" label="Tags" disableSort render={() => <HistoryTagsField tags={tags} />} />
        <Column source="installationRequestId" label="Request" disableSort render={() => <RequestLinkField />} />
      </DataTable>
      <Pagination rowsPerPageOptions={rowsPerPageOptions} />
    </ListContextProvider>
  );
}
