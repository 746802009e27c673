/**
 * The keyboard model of a data table (WAI-ARIA grid pattern: role="grid", roving tabindex), on the DOM of any
 * `<table>` under a root element, so every list gets it from one place (`GridDataTable`) whatever
 * its cells render:
 *
 * - the table is one Tab stop: its active cell, first the first data cell (the header row when there
 *   are no rows); every other cell and every control inside a cell is out of the Tab order;
 * - a cell's focus position is its only control when it has exactly one (the value button, the sort
 *   header, the switch, the link), otherwise the cell itself;
 * - arrow keys move between cells (the header row included), Home / End to the first / last cell of
 *   the row, Ctrl+Home / Ctrl+End to the first / last cell of the table, PageUp / PageDown five rows;
 * - Enter (or F2) on a cell that is its own position opens it: into its first control when it has
 *   several, else the row's click (the row action); on a control Enter does what the control does,
 *   F2 clicks it; in a cell with several controls Left / Right move between them and Escape goes
 *   back to the cell;
 * - text being edited in a cell keeps its keys; when an inline editor closes and its element goes
 *   away with the focus in it, the focus comes back to the cell.
 */

/** What can take the focus inside a cell. */
const FOCUSABLE =
  'a[href], button, input, select, textarea, [tabindex], [role="button"], [role="combobox"], [role="switch"], [contenteditable="true"]';
/** Marks a control whose tabindex this model set (it was in the Tab order before). */
const MANAGED = 'data-grid-managed';
const PAGE_ROWS = 5;

const isTextEntry = (el: Element) =>
  el instanceof HTMLTextAreaElement ||
  (el as HTMLElement).isContentEditable ||
  (el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(el.type));

/** The controls of a cell a keyboard user can reach, in document order. */
export function cellControls(cell: HTMLElement): HTMLElement[] {
  return [...cell.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) =>
      !el.hasAttribute('disabled') &&
      !(el instanceof HTMLInputElement && el.type === 'hidden') &&
      el.closest('[aria-hidden="true"]') === null &&
      // Left out of the Tab order by its own component (e.g. a select's native input), not by us.
      (el.hasAttribute(MANAGED) || el.tabIndex >= 0),
  );
}

/** Where the focus goes in a cell: its only control, else the cell. */
export function cellPosition(cell: HTMLElement): HTMLElement {
  const controls = cellControls(cell);
  return controls.length === 1 ? controls[0]! : cell;
}

interface Point {
  row: number;
  col: number;
}

/** Sets the keyboard model on the table under `root`; returns what undoes it. */
export function attachGridKeyboard(root: HTMLElement): () => void {
  let active: Point | undefined;
  /** The element that last had the focus in the table, to bring the focus back if it is removed. */
  let lastFocused: HTMLElement | undefined;
  let scheduled = false;

  const table = () => root.querySelector('table');
  const rowsOf = (t: HTMLTableElement) => [...t.rows].filter((r) => r.cells.length > 0);
  const cellAt = (t: HTMLTableElement, p: Point): HTMLElement | undefined => {
    const rows = rowsOf(t);
    const row = rows[Math.max(0, Math.min(p.row, rows.length - 1))];
    if (!row) return undefined;
    return row.cells[Math.max(0, Math.min(p.col, row.cells.length - 1))] ?? undefined;
  };
  const pointOf = (t: HTMLTableElement, cell: HTMLTableCellElement): Point => ({
    row: rowsOf(t).indexOf(cell.parentElement as HTMLTableRowElement),
    col: cell.cellIndex,
  });
  const cellOf = (t: HTMLTableElement, el: Element | null): HTMLTableCellElement | undefined => {
    const cell = el?.closest<HTMLTableCellElement>('td, th');
    return cell && cell.closest('table') === t ? cell : undefined;
  };
  const setTabIndex = (el: HTMLElement, value: number) => {
    if (el.getAttribute('tabindex') !== String(value)) el.setAttribute('tabindex', String(value));
  };
  /** The first data cell, or the first header cell of a table without rows. */
  const initial = (t: HTMLTableElement): Point => {
    const rows = rowsOf(t);
    const first = rows.findIndex((r) => r.parentElement?.tagName === 'TBODY' && r.cells.length > 1);
    return { row: first === -1 ? 0 : first, col: 0 };
  };

  /** Every cell and control out of the Tab order but the active cell's position. */
  function apply() {
    scheduled = false;
    const t = table();
    if (!t) return;
    // An ARIA grid (WAI-ARIA grid pattern): the table keeps its rows and column headers, its cells
    // become grid cells, and a screen reader hands the arrow keys to this model instead of reading
    // the table in its own browse mode. The marker says the keyboard model is on.
    if (!t.hasAttribute('data-keyboard-grid')) t.setAttribute('data-keyboard-grid', '');
    if (t.getAttribute('role') !== 'grid') t.setAttribute('role', 'grid');
    const current = cellAt(t, (active ??= initial(t)));
    const stop = current && cellPosition(current);
    // Each element written once, and only when it changes: the observer sees no change of ours twice.
    for (const row of rowsOf(t)) {
      for (const cell of row.cells) {
        for (const control of cellControls(cell)) {
          if (!control.hasAttribute(MANAGED)) control.setAttribute(MANAGED, '');
          setTabIndex(control, control === stop ? 0 : -1);
        }
        setTabIndex(cell, cell === stop ? 0 : -1);
      }
    }
    // An inline editor closed with the focus in it: back to its cell.
    if (
      lastFocused &&
      !lastFocused.isConnected &&
      (document.activeElement === document.body || !document.activeElement)
    ) {
      lastFocused = undefined;
      if (current) cellPosition(current).focus();
    }
  }
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(apply);
  };

  function moveTo(t: HTMLTableElement, p: Point) {
    const rows = rowsOf(t);
    if (rows.length === 0) return;
    const row = Math.max(0, Math.min(p.row, rows.length - 1));
    const col = Math.max(0, Math.min(p.col, rows[row]!.cells.length - 1));
    active = { row, col };
    apply();
    const cell = cellAt(t, active);
    if (cell) cellPosition(cell).focus();
  }

  function onFocusIn(e: FocusEvent) {
    const t = table();
    const target = e.target as HTMLElement;
    const cell = t && cellOf(t, target);
    if (!t || !cell) return;
    lastFocused = target;
    const p = pointOf(t, cell);
    if (!active || p.row !== active.row || p.col !== active.col) {
      active = p;
      apply();
    }
  }

  function onFocusOut(e: FocusEvent) {
    // Focus moved on to another element (a dialog, the toolbar): nothing to bring back.
    if (e.relatedTarget) lastFocused = undefined;
  }

  function onKeyDown(e: KeyboardEvent) {
    const t = table();
    const target = e.target as HTMLElement;
    if (!t || e.altKey || e.metaKey || !t.contains(target) || isTextEntry(target)) return;
    const cell = cellOf(t, target);
    if (!cell) return;
    const here = pointOf(t, cell);
    const position = cellPosition(cell);
    const handled = () => {
      e.preventDefault();
      e.stopPropagation();
    };
    if (target !== position && target !== cell) {
      // Inside a cell of several controls.
      const controls = cellControls(cell);
      const i = controls.indexOf(target);
      if (e.key === 'Escape') {
        handled();
        cell.focus();
      } else if ((e.key === 'ArrowLeft' || e.key === 'ArrowRight') && i !== -1) {
        handled();
        controls[Math.max(0, Math.min(controls.length - 1, i + (e.key === 'ArrowLeft' ? -1 : 1)))]!.focus();
      } else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
        handled();
        moveTo(t, { row: here.row + (e.key === 'ArrowUp' ? -1 : 1), col: here.col });
      }
      return;
    }
    const last = rowsOf(t).length - 1;
    switch (e.key) {
      case 'ArrowUp':
        handled();
        return moveTo(t, { row: here.row - 1, col: here.col });
      case 'ArrowDown':
        handled();
        return moveTo(t, { row: here.row + 1, col: here.col });
      case 'ArrowLeft':
        handled();
        return moveTo(t, { row: here.row, col: here.col - 1 });
      case 'ArrowRight':
        handled();
        return moveTo(t, { row: here.row, col: here.col + 1 });
      case 'Home':
        handled();
        return moveTo(t, e.ctrlKey ? { row: 0, col: 0 } : { row: here.row, col: 0 });
      case 'End':
        handled();
        return moveTo(
          t,
          e.ctrlKey ? { row: last, col: Number.MAX_SAFE_INTEGER } : { row: here.row, col: Number.MAX_SAFE_INTEGER },
        );
      case 'PageUp':
        handled();
        return moveTo(t, { row: here.row - PAGE_ROWS, col: here.col });
      case 'PageDown':
        handled();
        return moveTo(t, { row: here.row + PAGE_ROWS, col: here.col });
      case 'Enter':
      case 'F2':
        if (target === cell) {
          handled();
          const controls = cellControls(cell);
          if (controls.length > 0) controls[0]!.focus();
          else cell.click();
        } else if (e.key === 'F2' || (target instanceof HTMLInputElement && target.type === 'checkbox')) {
          handled();
          target.click();
        }
        return;
      default:
        return;
    }
  }

  const observer = new MutationObserver(schedule);
  observer.observe(root, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['tabindex', 'disabled'],
  });
  root.addEventListener('keydown', onKeyDown);
  root.addEventListener('focusin', onFocusIn);
  root.addEventListener('focusout', onFocusOut);
  apply();
  return () => {
    observer.disconnect();
    root.removeEventListener('keydown', onKeyDown);
    root.removeEventListener('focusin', onFocusIn);
    root.removeEventListener('focusout', onFocusOut);
  };
}
