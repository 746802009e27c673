/**
 * The columns of an entity's list, from its declaration (common/entities): which fields are columns
 * (`column: true` shown, `'optional'` offered by the Columns button), in declaration order, the ones
 * the viewer may see (`useFieldAccess`), labelled `resources.<entity>.fields.<name>`, sortable as
 * declared. A screen gives only what its cells look like — a renderer (or a few overrides) per
 * field — and may leave out a row-actions column the viewer has no action of; it cannot add a
 * column the declaration lacks (that throws), so the column set of every list is declared once.
 * Fields without a renderer show their value by type (dates, booleans, lists, numbers).
 */
import { cloneElement, isValidElement, type ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material';
import { DataTable, ReferenceField, TextField, useTranslate, type RaRecord, type TranslateFunction } from 'react-admin';
import {
  fieldLabelKey,
  findEntity,
  isColumn,
  isSortable,
  readPath,
  recordNameField,
  type EntityDecl,
  type FieldDecl,
} from '../../common/entities';
import { RelativeDate } from '../components/DateTimeField';
import { formatDate } from '../components/dates';
import type { FieldAccess } from './useFieldAccess';

/** How a screen shows one declared column; everything left out comes from the declaration. */
export interface ColumnOverride<R extends RaRecord = RaRecord> {
  /** The cell (default: the value by its declared type). */
  render?: (record: R) => ReactNode;
  /** A cell that reads the record context instead of `render`. */
  children?: ReactNode;
  /** The column's source, which is also its sort key (default: the field name). */
  source?: string;
  /** A label other than the field's (a translation key or a node). */
  label?: ReactNode;
  /** Not sortable on this screen although the field is (the service's list takes no sort). */
  disableSort?: boolean;
  /** Default: right for numbers. */
  align?: 'left' | 'right' | 'center';
  sx?: SxProps<Theme>;
  /** Several columns in this field's place instead of one (one per tag, in the `tags` field's place). */
  columns?: readonly ReactNode[];
}

/**
 * A screen's cells by field name: a render function, overrides, or `false` to leave the column out
 * for this viewer for a reason the declaration cannot state (no row action, nothing configured).
 */
export type ColumnRenderers<R extends RaRecord = RaRecord> = Readonly<
  Record<string, ColumnOverride<R> | ((record: R) => ReactNode) | false | undefined>
>;

/** The declared column fields of an entity that this viewer may see, in declaration order. */
export function visibleColumnFields(entity: EntityDecl, access: Pick<FieldAccess, 'field'>): FieldDecl[] {
  return entity.fields.filter((f) => isColumn(f) && access.field(entity, f.name));
}

/** The names of an entity's default columns (shown before anything is chosen from the Columns button). */
export const defaultColumnNames = (entity: EntityDecl): string[] =>
  entity.fields.filter((f) => f.column === true).map((f) => f.name);

/** A value by its declared type: the cell of a field the screen gives no renderer. */
export function renderValue(value: unknown, field: FieldDecl, translate: TranslateFunction): ReactNode {
  if (value === null || value === undefined || value === '') return '—';
  switch (field.type) {
    case 'date':
      return formatDate(value as string);
    case 'datetime':
      return <RelativeDate value={value as string} />;
    case 'boolean':
      return value ? '✓' : '✗';
    case 'list':
    case 'set':
      return Array.isArray(value) ? value.join(', ') : translate('aq.invalidType');
    case 'json':
    case 'location':
      return <code>{JSON.stringify(value)}</code>;
    case 'integer':
    case 'number':
      return typeof value === 'number' ? String(value) : translate('aq.invalidType');
    default:
      return typeof value === 'object' ? translate('aq.invalidType') : String(value);
  }
}

/** A reference's cell: the referenced record's name (one request for the page's references), not its id. */
function ReferenceCell({ field: f }: { field: FieldDecl }) {
  const target = findEntity(f.reference!);
  return (
    <ReferenceField source={f.name} reference={f.reference!} link={false} emptyText="—">
      <TextField source={target ? recordNameField(target) : 'id'} />
    </ReferenceField>
  );
}

export interface DeclaredColumnSet {
  /** The `<DataTable.Col>`s, to be the DataTable's children. */
  columns: ReactNode[];
  /** The optional columns, for the DataTable's `hiddenColumns` (offered by the Columns button). */
  hiddenColumns: string[];
}

/**
 * The `<DataTable.Col>`s of an entity's declared columns for this viewer, with the screen's cells.
 * A renderer for a field that is not a declared column is a programming error (it throws): declare
 * the column instead. An `actions` field needs the screen's renderer; without one it is left out.
 */
export function declaredColumns<R extends RaRecord = RaRecord>(
  entity: EntityDecl,
  access: Pick<FieldAccess, 'field'>,
  renderers: ColumnRenderers<R>,
  translate: TranslateFunction,
): DeclaredColumnSet {
  for (const name of Object.keys(renderers)) {
    const f = entity.fields.find((field) => field.name === name);
    if (!f || !isColumn(f)) throw new Error(`${entity.name}.${name} is not a declared column`);
  }
  const columns: ReactNode[] = [];
  const hiddenColumns: string[] = [];
  for (const f of visibleColumnFields(entity, access)) {
    const given = renderers[f.name];
    if (given === false || (given === undefined && f.type === 'actions')) continue;
    const o: ColumnOverride<R> = typeof given === 'function' ? { render: given } : (given ?? {});
    if (o.columns) {
      columns.push(
        ...o.columns.map((c) => (isValidElement(c) ? cloneElement(c, { 'data-field': f.name } as object) : c)),
      );
      continue;
    }
    const source = o.source ?? f.name;
    if (f.column === 'optional') hiddenColumns.push(source);
    const numeric = f.type === 'integer' || f.type === 'number';
    columns.push(
      <DataTable.Col<R>
        key={f.name}
        // The declared field on the header and each cell (what tests/component/declaredColumns checks).
        data-field={f.name}
        source={source}
        label={o.label ?? fieldLabelKey(entity, f.name)}
        disableSort={o.disableSort || !isSortable(f)}
        align={o.align ?? (numeric ? 'right' : undefined)}
        sx={o.sx}
        render={
          o.children
            ? undefined
            : (o.render ??
              (f.reference !== undefined
                ? () => <ReferenceCell field={f} />
                : (r: R) => renderValue(readPath(r, f.source ?? f.name), f, translate)))
        }
      >
        {o.children}
      </DataTable.Col>,
    );
  }
  return { columns, hiddenColumns };
}

/** `declaredColumns` for the signed-in viewer's translations. */
export function useDeclaredColumns<R extends RaRecord = RaRecord>(
  entity: EntityDecl,
  access: Pick<FieldAccess, 'field'>,
  renderers: ColumnRenderers<R>,
): DeclaredColumnSet {
  const translate = useTranslate();
  return declaredColumns(entity, access, renderers, translate);
}
