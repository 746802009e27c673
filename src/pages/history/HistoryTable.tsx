/**
 * The history table shared by sensor and installation history (document 2, section 2.2): one row
 * per installation record, newest first, sorted and paged locally. Contact and address columns
 * follow the same VIEW_* permissions as the installations list.
 */
import { Typography } from '@mui/material';
import { DataTable, ListContextProvider, Pagination, useList, useTranslate } from 'react-admin';
import { PAGE_SIZES } from '../../../common/domain';
import { RelativeDate } from '../../components/DateTimeField';
import { installation } from '../../../common/entities';
import { useTags } from '../../resources/tags/useTags';
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
import { useFieldAccess } from '../../resources/useFieldAccess';

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
  const access = useFieldAccess();
  const field = (name: string) => access.field(installation, name);
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
        <Column source="sensorId" label="aq.pages.history.fields.sensorId" />
        <Column source="installationId" label="aq.pages.history.fields.installationId" />
        <Column
          source="successorId"
          label="aq.pages.history.fields.successorId"
          render={(r) => orDash(r.successorId)}
        />
        <Column
          source="predecessorId"
          label="aq.pages.history.fields.predecessorId"
          render={(r) => orDash(r.predecessorId)}
        />
        <Column
          source="installationDate"
          label="aq.pages.history.fields.installationDate"
          sx={nowrap}
          render={(r) => <RelativeDate value={r.installationDate} />}
        />
        <Column
          source="removedAt"
          label="aq.pages.history.fields.removedAt"
          sx={nowrap}
          render={(r) => <RelativeDate value={r.removedAt} />}
        />
        {field('contractorName') && (
          <Column
            source="contractor.name"
            label="aq.pages.history.fields.contractor"
            render={() => <HistoryContractorField />}
          />
        )}
        <Column source="isVisible" label="aq.pages.history.fields.isVisible" render={() => <VisibilityField />} />
        <Column
          source="mamsl"
          label="aq.pages.history.fields.mamsl"
          render={(r) => (r.mamsl === null || r.mamsl === undefined ? '—' : `${r.mamsl} m`)}
        />
        <Column
          source="location"
          label="aq.pages.history.fields.location"
          disableSort
          render={() => <LocationField />}
        />
        {field('address') && (
          <Column
            source="address"
            label="aq.pages.history.fields.address"
            disableSort
            render={() => <AddressField />}
          />
        )}
        <Column
          source="alternativeAddress1"
          label="aq.pages.history.fields.alternativeAddress1"
          disableSort
          render={() => <AlternativeAddressesField />}
        />
        {field('contactFullName') && (
          <Column
            source="contactFullName"
            label="aq.pages.history.fields.contactFullName"
            render={(r) => orDash(r.contactFullName)}
          />
        )}
        {field('contactEmail') && (
          <Column
            source="contactEmail"
            label="aq.pages.history.fields.contactEmail"
            render={(r) => orDash(r.contactEmail)}
          />
        )}
        {field('contactPhoneNumber') && (
          <Column
            source="contactPhoneNumber"
            label="aq.pages.history.fields.contactPhoneNumber"
            render={(r) => orDash(r.contactPhoneNumber)}
          />
        )}
        <Column
          source="tags"
          label="aq.pages.history.fields.tags"
          disableSort
          render={() => <HistoryTagsField tags={tags} />}
        />
        <Column
          source="installationRequestId"
          label="aq.pages.history.fields.installationRequestId"
          disableSort
          render={() => <RequestLinkField />}
        />
      </DataTable>
      <Pagination rowsPerPageOptions={rowsPerPageOptions} />
    </ListContextProvider>
  );
}
