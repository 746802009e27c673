/** A table of Gen3 binaries: Id (first 8 characters), Module, Description, Created At, Hash and an optional Actions column. */
import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableRow, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { RelativeDate } from '../../components/DateTimeField';
import type { Gen3Binary } from '../../dataProviders/types';

/** The binary id shows its first 8 characters (document 2, section 9). */
const SHORT_ID = 8;
const COLUMNS = ['id', 'module', 'description', 'createdDate', 'hash'] as const;

export function Gen3BinaryTable({
  rows,
  actions,
  testId,
}: {
  rows: Gen3Binary[];
  actions?: (binary: Gen3Binary) => ReactNode;
  testId: string;
}) {
  const translate = useTranslate();
  return (
    <Table size="small" data-testid={testId}>
      <TableHead>
        <TableRow>
          {COLUMNS.map((c) => (
            <TableCell key={c}>{translate(`firmware.gen3.binaries.columns.${c}`)}</TableCell>
          ))}
          {actions && <TableCell>{translate('firmware.gen3.binaries.columns.actions')}</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((b) => (
          <TableRow key={b.id} data-active={b.active}>
            <TableCell>
              <Tooltip title={b.id}>
                <code>{b.id.slice(0, SHORT_ID)}</code>
              </Tooltip>
            </TableCell>
            <TableCell>{b.module ?? '—'}</TableCell>
            <TableCell>{b.description ?? '—'}</TableCell>
            <TableCell>
              <RelativeDate value={b.createdDate} />
            </TableCell>
            <TableCell>
              <Tooltip title={b.hash}>
                <code>{b.hash.slice(0, 12)}…</code>
              </Tooltip>
            </TableCell>
            {actions && <TableCell>{actions(b)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
