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
import { DataTable, ListContextProvider, useList, useTranslate } from 'react-admin';
import { ListPagination } from '../../components/ListPagination';
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
import { GridDataTable } from '../../components/grid/GridDataTable';

const Column = DataTable.Col<ShownRecord>;
const rowsPerPageOptions = [...PAGE_SIZES];
const nowrap = { whiteSpace: 'nowrap' } as const;
const orDash = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));
const changedSx = { bgcolor: (theme: Theme) => alpha(theme.palette.warning.main, 0.18) };

/** A column compared with the previous record: its label (`aq.pages.history.fields.<key>`, default: the source) and cell. */
interface ComparedColumn {
  source: string;
  key?: string;
  sortable?: boolean;
  nowrap?: boolean;
  render(record: ShownRecord): ReactNode;
}

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
  // The columns compared with the previous record, in order; a gated column only for who may see its field.
  const compared: ComparedColumn[] = [
    { source: 'successorId', render: (r) => orDash(r.successorId) },
    { source: 'predecessorId', render: (r) => orDash(r.predecessorId) },
    { source: 'installationDate', nowrap: true, render: (r) => <RelativeDate value={r.installationDate} /> },
    { source: 'removedAt', nowrap: true, render: (r) => <RelativeDate value={r.removedAt} /> },
    ...(field('contractorName')
      ? [{ source: 'contractor.name', key: 'contractor', render: () => <HistoryContractorField /> }]
      : []),
    { source: 'isVisible', render: () => <VisibilityField /> },
    { source: 'mamsl', render: (r) => (r.mamsl === null || r.mamsl === undefined ? '—' : `${r.mamsl} m`) },
    { source: 'location', sortable: false, render: () => <LocationField /> },
    // The address parts share one permission (view_address): the street column's gate is theirs.
    ...(field('street') ? [{ source: 'address', sortable: false, render: () => <AddressField /> }] : []),
    { source: 'alternativeAddress1', sortable: false, render: () => <AlternativeAddressesField /> },
    ...(['contactFullName', 'contactEmail', 'contactPhoneNumber'] as const)
      .filter(field)
      .map((source) => ({ source, render: (r: ShownRecord) => orDash(r[source]) })),
    { source: 'tags', sortable: false, render: () => <HistoryTagsField tags={tags} /> },
    { source: 'installationRequestId', sortable: false, render: () => <RequestLinkField /> },
  ];
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
      <GridDataTable resource="history" bulkActionButtons={false} rowClick={false} empty={<Empty />} size="small">
        <Column source="sensorId" label="aq.pages.history.fields.sensorId" />
        <Column source="installationId" label="aq.pages.history.fields.installationId" />
        {compared.map(({ source, key = source, sortable = true, nowrap: noWrap, render }) => (
          <Column
            key={source}
            source={source}
            label={`aq.pages.history.fields.${key}`}
            disableSort={!sortable}
            sx={noWrap ? nowrap : undefined}
            cellSx={highlight(source)}
            render={(r) => (
              <Cell record={r} source={source}>
                {render(r)}
              </Cell>
            )}
          />
        ))}
      </GridDataTable>
      <ListPagination rowsPerPageOptions={rowsPerPageOptions} />
    </ListContextProvider>
  );
}
