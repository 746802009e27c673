/**
 * One page of audit logs: ID, Date, (User), Type, Source, Message. Sorting and paging go through
 * the URL; the server sorts and pages. In a card narrower than NARROW_CARD_PX (a window under about
 * 1,300 px with the sidebar open, 1,150 px without) the table fits the card: tighter cells, the
 * relative time under the date, event types broken between their words, sources on two lines if
 * need be, a narrower least width of the message — so Source and Message stay on screen at 900 px.
 */
import { Fragment, type ChangeEvent, type MouseEvent } from 'react';
import { TablePagination, Typography } from '@mui/material';
import { DataTable, useLocaleState, useTranslate, type SortPayload } from 'react-admin';
import { PAGE_SIZES } from '../../../common/domain';
import { RelativeDate } from '../../components/DateTimeField';
import { displayedRowsLabel } from '../../components/ListPagination';
import type { AuditLogParams, AuditSortField } from './auditLogParams';
import type { AuditLog, AuditLogPage } from './useAuditLogs';
import { GridDataTable } from '../../components/grid/GridDataTable';

type Row = AuditLog & { id: number };
const Column = DataTable.Col<Row>;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

const NARROW_CARD_PX = 1040;
const TABLE_SX = {
  [`@container (max-width: ${NARROW_CARD_PX}px)`]: {
    '& td, & th': { px: 1 },
    '& td.column-createdDate .MuiTypography-caption': { display: 'block' },
    '& td.column-sourceName': { whiteSpace: 'normal' },
    '& td.column-message': { minWidth: 180 },
  },
} as const;

/** An event type (`InstallationRequestStateChanged`) that may break between its words when space is short. */
function EventType({ type }: { type: string }) {
  const words = type.split(/(?=[A-Z])/);
  return (
    <>
      {words.map((word, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {word}
        </Fragment>
      ))}
    </>
  );
}

function Message({ text }: { text: string }) {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 4 }} color="text.secondary" data-testid="audit-empty">
      {translate(text)}
    </Typography>
  );
}

export interface AuditLogTableProps {
  page: AuditLogPage | undefined;
  isPending: boolean;
  isFetching: boolean;
  params: AuditLogParams;
  showUser: boolean;
  onChange(change: Partial<AuditLogParams>): void;
}

export function AuditLogTable({ page, isPending, isFetching, params, showUser, onChange }: AuditLogTableProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (isPending && !page) return <Message text="aq.loading" />;
  if (!page?.logs.length) return <Message text={params.search || params.type ? 'aq.noMatches' : 'aq.noData'} />;
  const rows: Row[] = page.logs.map((log) => ({ ...log, id: log.logId }));
  const sort: SortPayload = { field: params.sortBy, order: params.descending ? 'DESC' : 'ASC' };
  return (
    <>
      <GridDataTable<Row>
        resource="auditLogs"
        data={rows}
        total={page.totalCount}
        isPending={false}
        sort={sort}
        setSort={(next) => onChange({ sortBy: next.field as AuditSortField, descending: next.order === 'DESC' })}
        bulkActionButtons={false}
        rowClick={false}
        sx={{ ...TABLE_SX, opacity: isFetching ? 0.6 : 1, transition: 'opacity 150ms' }}
        aria-busy={isFetching}
        data-testid="audit-table"
      >
        <Column source="logId" label="aq.pages.logs.fields.logId" sortByOrder="DESC" sx={NOWRAP} />
        <Column
          source="createdDate"
          label="aq.pages.logs.fields.createdDate"
          sortByOrder="DESC"
          sx={NOWRAP}
          render={(r) => <RelativeDate value={r.createdDate} />}
        />
        {showUser && (
          <Column
            source="userName"
            label="aq.pages.logs.fields.userName"
            sx={NOWRAP}
            render={(r) => r.userName ?? '—'}
          />
        )}
        <Column
          source="eventType"
          label="aq.pages.logs.fields.eventType"
          render={(r) => <EventType type={r.eventType} />}
        />
        <Column source="sourceName" label="aq.pages.logs.fields.sourceName" sx={NOWRAP} />
        {/* `anywhere`, unlike `break-word`, also lets a long unbroken value narrow the column. */}
        <Column
          source="message"
          label="aq.pages.logs.fields.message"
          disableSort
          sx={{ minWidth: 260, overflowWrap: 'anywhere' }}
        />
      </GridDataTable>
      <TablePagination
        component="div"
        count={page.totalCount}
        page={Math.max(0, params.page - 1)}
        rowsPerPage={params.limit}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_e: MouseEvent<HTMLButtonElement> | null, next: number) => onChange({ page: next + 1 })}
        onRowsPerPageChange={(e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
          onChange({ limit: Number(e.target.value) })
        }
        labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
        labelDisplayedRows={(args) => displayedRowsLabel(translate, locale, args, page.capped)}
        showFirstButton
        // A capped count does not say where the list ends: no button to jump to a last page.
        showLastButton={!page.capped}
      />
    </>
  );
}
