/**
 * The history table shared by sensor, installation and contractor history (document 2, section
 * 2.2): one row per installation record, newest first, sorted and paged locally. Contact and
 * address columns follow the same VIEW_* permissions as the installations list. Cells that
 * changed since the previous record of the same installation are highlighted (and say so to a
 * screen reader); records that look the same as the previous one are left out until asked for.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { alpha, type Theme } from '@mui/material/styles';
import { visuallyHidden } from '@mui/utils';
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
import { looksUnchanged, withChanges, type ShownRecord } from './historyChanges';
import type { HistoryRecord } from './types';
import { useFieldAccess } from '../../resources/useFieldAccess';

const Column = DataTable.Col<ShownRecord>;
const rowsPerPageOptions = [...PAGE_SIZES];
const nowrap = { whiteSpace: 'nowrap' } as const;
const orDash = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));
const changedSx = { bgcolor: (theme: Theme) => alpha(theme.palette.warning.main, 0.18) };

/** The cell style of a compared column: highlighted where the record changed it. */
const highlight = (source: string) => (r: ShownRecord) => (r.changes?.includes(source) ? changedSx : {});

function Empty() {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 4 }} color="text.secondary" data-testid="list-empty">
      {translate('aq.noData')}
    </Typography>
  );
}

/** A cell's content, followed (for screen readers and tests) by "changed" where the record changed it. */
function Cell({ record, source, children }: { record: ShownRecord; source: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <>
      {children}
      {record.changes?.includes(source) && (
        <Box component="span" sx={visuallyHidden}>
          {` (${translate('aq.pages.history.changed')})`}
        </Box>
      )}
    </>
  );
}

/** Says how many records look like their predecessor and are left out, with a switch to show them. */
function UnchangedNote({ count, shown, onToggle }: { count: number; shown: boolean; onToggle(): void }) {
  const translate = useTranslate();
  if (count === 0) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1 }} data-testid="history-unchanged">
      <Typography variant="body2" color="text.secondary">
        {translate(shown ? 'aq.pages.history.unchangedShown' : 'aq.pages.history.unchangedHidden', {
          smart_count: count,
        })}
      </Typography>
      <Button size="small" onClick={onToggle}>
        {translate(shown ? 'aq.pages.history.hideUnchanged' : 'aq.pages.history.showUnchanged')}
      </Button>
    </Box>
  );
}

export function HistoryTable({ records, isPending }: { records: HistoryRecord[] | undefined; isPending: boolean }) {
  const access = useFieldAccess();
  const field = (name: string) => access.field(installation, name);
  const { tags } = useTags('installations');
  const [showUnchanged, setShowUnchanged] = useState(false);
  const annotated = useMemo(() => (records ? withChanges(records) : undefined), [records]);
  const unchanged = annotated?.filter(looksUnchanged).length ?? 0;
  const data = useMemo(
    () => (showUnchanged ? annotated : annotated?.filter((r) => !looksUnchanged(r))),
    [annotated, showUnchanged],
  );
  const list = useList<ShownRecord>({
    data,
    isPending,
    perPage: 10,
    sort: { field: 'installationDate', order: 'DESC' },
  });
  return (
    <ListContextProvider value={list}>
      <UnchangedNote count={unchanged} shown={showUnchanged} onToggle={() => setShowUnchanged((v) => !v)} />
      <DataTable resource="history" bulkActionButtons={false} rowClick={false} empty={<Empty />} size="small">
        <Column source="sensorId" label="aq.pages.history.fields.sensorId" />
        <Column source="installationId" label="aq.pages.history.fields.installationId" />
        <Column
          source="successorId"
          label="aq.pages.history.fields.successorId"
          cellSx={highlight('successorId')}
          render={(r) => (
            <Cell record={r} source="successorId">
              {orDash(r.successorId)}
            </Cell>
          )}
        />
        <Column
          source="predecessorId"
          label="aq.pages.history.fields.predecessorId"
          cellSx={highlight('predecessorId')}
          render={(r) => (
            <Cell record={r} source="predecessorId">
              {orDash(r.predecessorId)}
            </Cell>
          )}
        />
        <Column
          source="installationDate"
          label="aq.pages.history.fields.installationDate"
          sx={nowrap}
          cellSx={highlight('installationDate')}
          render={(r) => (
            <Cell record={r} source="installationDate">
              <RelativeDate value={r.installationDate} />
            </Cell>
          )}
        />
        <Column
          source="removedAt"
          label="aq.pages.history.fields.removedAt"
          sx={nowrap}
          cellSx={highlight('removedAt')}
          render={(r) => (
            <Cell record={r} source="removedAt">
              <RelativeDate value={r.removedAt} />
            </Cell>
          )}
        />
        {field('contractorName') && (
          <Column
            source="contractor.name"
            label="aq.pages.history.fields.contractor"
            cellSx={highlight('contractor.name')}
            render={(r) => (
              <Cell record={r} source="contractor.name">
                <HistoryContractorField />
              </Cell>
            )}
          />
        )}
        <Column
          source="isVisible"
          label="aq.pages.history.fields.isVisible"
          cellSx={highlight('isVisible')}
          render={(r) => (
            <Cell record={r} source="isVisible">
              <VisibilityField />
            </Cell>
          )}
        />
        <Column
          source="mamsl"
          label="aq.pages.history.fields.mamsl"
          cellSx={highlight('mamsl')}
          render={(r) => (
            <Cell record={r} source="mamsl">
              {r.mamsl === null || r.mamsl === undefined ? '—' : `${r.mamsl} m`}
            </Cell>
          )}
        />
        <Column
          source="location"
          label="aq.pages.history.fields.location"
          disableSort
          cellSx={highlight('location')}
          render={(r) => (
            <Cell record={r} source="location">
              <LocationField />
            </Cell>
          )}
        />
        {/* The address parts share one permission (view_address): the street column's gate is theirs. */}
        {field('street') && (
          <Column
            source="address"
            label="aq.pages.history.fields.address"
            disableSort
            cellSx={highlight('address')}
            render={(r) => (
              <Cell record={r} source="address">
                <AddressField />
              </Cell>
            )}
          />
        )}
        <Column
          source="alternativeAddress1"
          label="aq.pages.history.fields.alternativeAddress1"
          disableSort
          cellSx={highlight('alternativeAddress1')}
          render={(r) => (
            <Cell record={r} source="alternativeAddress1">
              <AlternativeAddressesField />
            </Cell>
          )}
        />
        {field('contactFullName') && (
          <Column
            source="contactFullName"
            label="aq.pages.history.fields.contactFullName"
            cellSx={highlight('contactFullName')}
            render={(r) => (
              <Cell record={r} source="contactFullName">
                {orDash(r.contactFullName)}
              </Cell>
            )}
          />
        )}
        {field('contactEmail') && (
          <Column
            source="contactEmail"
            label="aq.pages.history.fields.contactEmail"
            cellSx={highlight('contactEmail')}
            render={(r) => (
              <Cell record={r} source="contactEmail">
                {orDash(r.contactEmail)}
              </Cell>
            )}
          />
        )}
        {field('contactPhoneNumber') && (
          <Column
            source="contactPhoneNumber"
            label="aq.pages.history.fields.contactPhoneNumber"
            cellSx={highlight('contactPhoneNumber')}
            render={(r) => (
              <Cell record={r} source="contactPhoneNumber">
                {orDash(r.contactPhoneNumber)}
              </Cell>
            )}
          />
        )}
        <Column
          source="tags"
          label="aq.pages.history.fields.tags"
          disableSort
          cellSx={highlight('tags')}
          render={(r) => (
            <Cell record={r} source="tags">
              <HistoryTagsField tags={tags} />
            </Cell>
          )}
        />
        <Column
          source="installationRequestId"
          label="aq.pages.history.fields.installationRequestId"
          disableSort
          cellSx={highlight('installationRequestId')}
          render={(r) => (
            <Cell record={r} source="installationRequestId">
              <RequestLinkField />
            </Cell>
          )}
        />
      </DataTable>
      <Pagination rowsPerPageOptions={rowsPerPageOptions} />
    </ListContextProvider>
  );
}
