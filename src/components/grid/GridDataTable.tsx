/**
 * react-admin's `<DataTable>` with the keyboard model of a grid (gridKeyboard.ts): one Tab stop per
 * table, arrow keys between cells, Enter or F2 to open a cell's editor or the row's action, Escape
 * back to the cell. Every list renders its table through it (same props as `<DataTable>`; the
 * columns stay `<DataTable.Col>`).
 */
import { useEffect, useRef } from 'react';
import { Box } from '@mui/material';
import { DataTable, type DataTableProps, type RaRecord } from 'react-admin';
import { attachGridKeyboard } from './gridKeyboard';

/** The keyboard model on the table under the returned ref's element, for as long as it is mounted. */
export function useGridKeyboard<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  useEffect(() => (ref.current ? attachGridKeyboard(ref.current) : undefined), []);
  return ref;
}

/** The keyboard's cell: a ring in the primary colour (≥ 3:1 on the table in both themes), drawn inside the cell. */
const FOCUS_RING = {
  display: 'contents',
  '& :is(td, th):focus-visible, & :is(td, th) :focus-visible': {
    outline: '2px solid',
    outlineColor: 'primary.main',
    outlineOffset: '-2px',
  },
} as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- DataTable's own default record type
export function GridDataTable<R extends RaRecord = any>(props: DataTableProps<R>) {
  const ref = useGridKeyboard<HTMLDivElement>();
  return (
    // `display: contents`: the wrapper takes no box, so the table lays out as it did without it.
    <Box ref={ref} sx={FOCUS_RING}>
      <DataTable<R> {...props} />
    </Box>
  );
}
