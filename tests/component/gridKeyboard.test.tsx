/**
 * The keyboard model every list table gets from GridDataTable (src/components/grid): one Tab stop
 * per table, arrow keys / Home / End between cells (header row included), Enter on a value button
 * opens its inline editor and Escape brings the focus back to that cell, Enter on a plain cell is
 * the row's action, a cell of several controls is entered with Enter and left with Escape.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, DataTable, memoryStore, testDataProvider, useRecordContext } from 'react-admin';
import { i18nProvider } from '../../src/i18n';
import { GridDataTable } from '../../src/components/grid/GridDataTable';
import { TagValueInput } from '../../src/components/sensors/TagValueInput';
import type { Tag } from '../../src/resources/tags/types';

interface Row {
  id: number;
  name: string;
  height: string;
}
const ROWS: Row[] = [
  { id: 1, name: 'First', height: '11.7' },
  { id: 2, name: 'Second', height: '4' },
  { id: 3, name: 'Third', height: '9' },
];
const HEIGHT: Tag = { id: 7, name: 'Height', type: 'STRING', values: [] };

function HeightCell() {
  const row = useRecordContext<Row>()!;
  return (
    <TagValueInput tag={HEIGHT} value={row.height} label={`Height of ${row.name}`} onSave={async () => undefined} />
  );
}

function Actions() {
  const row = useRecordContext<Row>()!;
  return (
    <>
      <button type="button">History of {row.name}</button>
      <button type="button">Reinstall {row.name}</button>
    </>
  );
}

function Grid({ rowClick }: { rowClick: (id: unknown) => false }) {
  return (
    <AdminContext store={memoryStore()} i18nProvider={i18nProvider} dataProvider={testDataProvider()}>
      <button type="button">Before</button>
      <GridDataTable<Row>
        resource="things"
        data={ROWS}
        total={ROWS.length}
        isPending={false}
        sort={{ field: 'name', order: 'ASC' }}
        setSort={() => undefined}
        bulkActionButtons={false}
        rowClick={(id) => rowClick(id)}
      >
        <DataTable.Col source="name" label="Name" />
        <DataTable.Col source="height" label="Height" disableSort>
          <HeightCell />
        </DataTable.Col>
        <DataTable.Col source="actions" label="Actions" disableSort>
          <Actions />
        </DataTable.Col>
      </GridDataTable>
      <button type="button">After</button>
    </AdminContext>
  );
}

/** The cell (td/th) that has the focus, as "row,col" of the table's rows (0 = header). */
function focusedCell() {
  const cell = document.activeElement?.closest('td, th') as HTMLTableCellElement | null;
  if (!cell) return undefined;
  const rows = [...screen.getByRole('grid').querySelectorAll('tr')];
  return `${rows.indexOf(cell.parentElement as HTMLTableRowElement)},${cell.cellIndex}`;
}

let rowClick: ReturnType<typeof vi.fn<(id: unknown) => false>>;
beforeEach(() => {
  rowClick = vi.fn<(id: unknown) => false>(() => false);
});

async function setup() {
  const user = userEvent.setup();
  render(<Grid rowClick={rowClick} />);
  await screen.findByText('Third');
  return user;
}

describe('grid keyboard model', () => {
  it('is one Tab stop: Tab goes from before the table to its first data cell, then past the table', async () => {
    const user = await setup();
    const grid = screen.getByRole('grid');
    await waitFor(() => expect(grid.querySelectorAll('[tabindex="0"]')).toHaveLength(1));
    // Every control inside the table (sort header, value buttons, row buttons) is out of the Tab order.
    const controls = grid.querySelectorAll('button, [role="button"]');
    expect(controls.length).toBeGreaterThan(6);
    screen.getByRole('button', { name: 'Before' }).focus();
    await user.tab();
    expect(focusedCell()).toBe('1,0');
    expect(document.activeElement?.textContent).toBe('First');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));
    // Shift+Tab comes back to the same cell.
    await user.tab({ shift: true });
    expect(focusedCell()).toBe('1,0');
  });

  it('arrow keys, Home and End move between cells, the header row included; Tab leaves from where it is', async () => {
    const user = await setup();
    screen.getByRole('button', { name: 'Before' }).focus();
    await user.tab();
    await user.keyboard('{ArrowRight}');
    // A cell with one control: the focus is on that control (the value button).
    expect(focusedCell()).toBe('1,1');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^11\.7/ }));
    await user.keyboard('{ArrowDown}');
    expect(focusedCell()).toBe('2,1');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(focusedCell()).toBe('3,1');
    await user.keyboard('{Home}');
    expect(focusedCell()).toBe('3,0');
    await user.keyboard('{End}');
    expect(focusedCell()).toBe('3,2');
    await user.keyboard('{Control>}{Home}{/Control}');
    expect(focusedCell()).toBe('0,0');
    // The sortable header's position is its sort button.
    expect(document.activeElement?.getAttribute('role')).toBe('button');
    await user.keyboard('{ArrowUp}{ArrowLeft}');
    expect(focusedCell()).toBe('0,0');
    await user.keyboard('{ArrowDown}{ArrowRight}');
    expect(focusedCell()).toBe('1,1');
    const grid = screen.getByRole('grid');
    expect(grid.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    expect(grid.querySelector('[tabindex="0"]')).toBe(document.activeElement);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));
    await user.tab({ shift: true });
    expect(focusedCell()).toBe('1,1');
  });

  it('Enter opens the inline editor of a value button; Escape closes it and the focus is back on the cell', async () => {
    const user = await setup();
    screen.getByRole('button', { name: 'Before' }).focus();
    await user.tab();
    await user.keyboard('{ArrowDown}{ArrowRight}');
    expect(focusedCell()).toBe('2,1');
    await user.keyboard('{Enter}');
    const editor = await screen.findByRole('textbox', { name: 'Height of Second' });
    expect(document.activeElement).toBe(editor);
    // Arrow keys move the caret in the editor, not the grid's focus.
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(editor);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    await waitFor(() => expect(focusedCell()).toBe('2,1'));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^4, / }));
    // F2 opens it too.
    await user.keyboard('{F2}');
    expect(await screen.findByRole('textbox', { name: 'Height of Second' })).toBe(document.activeElement);
  });

  it('Enter on a plain cell is the row action; a cell of several controls is entered with Enter and left with Escape', async () => {
    const user = await setup();
    screen.getByRole('button', { name: 'Before' }).focus();
    await user.tab();
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(rowClick).toHaveBeenCalledWith(2));
    await user.keyboard('{End}');
    expect(focusedCell()).toBe('2,2');
    expect(document.activeElement?.tagName).toBe('TD');
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'History of Second' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reinstall Second' }));
    await user.keyboard('{Escape}');
    expect(focusedCell()).toBe('2,2');
    expect(document.activeElement?.tagName).toBe('TD');
  });
});
