/**
 * One page of audit logs: ID, Date, (User), Type, Source, Message. Sorting and paging go through
 * the URL; the server sorts and pages.
 */
import type { ChangeEvent, MouseEvent } from 'react';
import { TablePagination, Typography } from '@mui/material';
import { DataTable, useTranslate, type SortPayload } from 'react-admin';
import { PAGE_SIZES } from '../../../common/domain';
import { RelativeDate } from '../../components/DateTimeField';
import type { AuditLogParams, AuditSortField } from './auditLogParams';
import type { AuditLog, AuditLogPage } from './useAuditLogs';

type Row = AuditLog & { id: number };
const Column = DataTable.Col<Row>;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

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
  if (isPending && !page) return <Message text="aq.loading" />;
  if (!page?.logs.length) return <Message text={params.search || params.type ? 'aq.noMatches' : 'aq.noData'} />;
  const rows: Row[] = page.logs.map((log) => ({ ...log, id: log.logId }));
  const sort: SortPayload = { field: params.sortBy, order: params.descending ? 'DESC' : 'ASC' };
  return (
    <>
      <DataTable<Row>
        resource="auditLogs"
        data={rows}
        total={page.totalCount}
        isPending={false}
        sort={sort}
        setSort={(next) => onChange({ sortBy: next.field as AuditSortField, descending: next.order === 'DESC' })}
        bulkActionButtons={false}
        rowClick={false}
        sx={{ opacity: isFetching ? 0.6 : 1, transition: 'opacity 150ms' }}
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
        <Column source="eventType" label="aq.pages.logs.fields.eventType" sx={NOWRAP} />
        <Column source="sourceName" label="aq.pages.logs.fields.sourceName" sx={NOWRAP} />
        {/* `anywhere`, unlike `break-word`, also lets a long unbroken value narrow the column. */}
        <Column
          source="message"
          label="aq.pages.logs.fields.message"
          disableSort
          sx={{ minWidth: 260, overflowWrap: 'anywhere' }}
        />
      </DataTable>
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
        labelDisplayedRows={({ from, to, count }) =>
          translate('aq.pages.logs.displayedRows', {
            from,
            to,
            count: page.capped
              ? translate('aq.pages.logs.moreThan', { count: count.toLocaleString('en') })
              : count.toLocaleString('en'),
          })
        }
        showFirstButton
        showLastButton
      />
    </>
  );
}
