/**
 * Every entity's list shows the columns its declaration names, generated over ENTITIES so a new
 * declaration is covered and a hand-written column list cannot creep back: for an admin (every
 * permission, every row action, the optional links configured), the table's header cells are the
 * declaration's default columns (`column: true`), in declaration order, each carrying its field
 * name; the optional ones (`column: 'optional'`) wait behind the Columns button. The installations
 * list shows the selected preset's columns, and with none selected (All) every declared column.
 */
import { Suspense } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { DataTable, ListContextProvider } from 'react-admin';
import {
  ENTITIES,
  adpUser,
  defineEntity,
  field,
  installation,
  isColumn,
  type EntityDecl,
  type FieldDecl,
} from '../../common/entities';
import { PERMISSIONS } from '../../common/permissions';
import { setRuntimeConfig, type RuntimeConfig } from '../../src/config';
import { CONSOLE_RESOURCES } from '../../src/resources';
import { declaredColumns, defaultColumnNames, useDeclaredColumns } from '../../src/resources/DeclaredColumns';
import { TestAdmin, appDataProvider, signInAs } from './support/admin';

/** A value of a declared field's type (a row every list can render). */
function sample(f: FieldDecl): unknown {
  switch (f.type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return false;
    case 'date':
      return '2026-01-01';
    case 'datetime':
      return '2026-01-01T00:00:00Z';
    case 'enum':
      return f.values?.[0] ?? 'x';
    case 'set':
    case 'list':
      return [];
    case 'json':
    case 'location':
      return null;
    default:
      return 'x';
  }
}

/** One row of the entity, each field at its source path. */
function sampleRow(entity: EntityDecl): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const f of entity.fields) {
    if (f.inRow === false || f.type === 'actions') continue;
    const path = (f.source ?? f.name).split('.');
    let at = row;
    for (const key of path.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
    at[path.at(-1)!] = sample(f);
  }
  return { ...row, id: row.id ?? 1, tags: row.tags ?? {} };
}

/** The field names of the header cells, in order (a cell without one is shown by its text). */
const headerFields = (table: HTMLElement) =>
  [...table.querySelectorAll('thead th')]
    .filter((th) => !th.className.includes('expandHeader'))
    .map((th) => th.getAttribute('data-field') ?? `(not declared: ${th.textContent})`);

beforeEach(() => {
  localStorage.clear();
  setRuntimeConfig({
    services: { main: '/api', adp: '/adp-api', apiusers: '/apiusers-api', gsm: '/gsm', wifi: '/wifi', gen3: '/gen3' },
    apiUsersDashboardUrl: 'https://dashboard.example.org/{id}',
    dashboardUrl: 'https://monitoring.example.org/{installationId}',
  } as unknown as RuntimeConfig);
  signInAs(PERMISSIONS);
});

describe.each(ENTITIES.map((e) => [e.name, e] as const))('the %s list', (_name, entity) => {
  it("shows the declaration's default columns, in its order, for an admin", async () => {
    const List = CONSOLE_RESOURCES.find((r) => r.entity === entity)!.list;
    const row = sampleRow(entity);
    // Lists with tag columns get one tag: its column stands in the declared `tags` field's place.
    const tagged = entity.fields.some((f) => f.name === 'tags' && isColumn(f));
    const getList = async (resource: string) =>
      resource === entity.name
        ? { data: [row], total: 1 }
        : tagged && resource.endsWith('/tags')
          ? { data: [{ id: 1, name: 'Region', type: 'TEXT', values: [] }], total: 1 }
          : { data: [], total: 0 };
    render(
      <TestAdmin path={`/${entity.name}`} dataProvider={appDataProvider({ getList })}>
        <Suspense>
          <List />
        </Suspense>
      </TestAdmin>,
    );
    // The table once its row is shown (not the loading placeholder).
    const table = await waitFor(
      () => {
        const found = document.querySelector('tbody tr.RaDataTable-row')?.closest('table');
        if (!found) throw new Error('no row yet');
        return found;
      },
      { timeout: 10_000 },
    );
    const expected =
      entity === installation ? installation.fields.filter(isColumn).map((f) => f.name) : defaultColumnNames(entity);
    expect(headerFields(table)).toEqual(expected);
  });
});

describe('declaredColumns', () => {
  const everyone = { field: () => true };
  const translate = (key: string) => key;

  it('refuses a cell for a field the declaration does not make a column', () => {
    expect(() => declaredColumns(adpUser, everyone, { reason: () => 'x' }, translate)).toThrow(
      'adp-users.reason is not a declared column',
    );
  });

  it('leaves the optional columns for the Columns button, and an actions column without its cell out', () => {
    const { columns, hiddenColumns } = declaredColumns(adpUser, everyone, {}, translate);
    expect(hiddenColumns).toEqual(['id', 'type']);
    expect(columns).toHaveLength(adpUser.fields.filter((f) => isColumn(f) && f.type !== 'actions').length);
  });
});

describe('a reference column', () => {
  it("shows the referenced record's name, fetched once for the page, not its id", async () => {
    const visits = defineEntity({
      name: 'contractors',
      label: 'Visits',
      service: 'main',
      endpoint: '/visits',
      envelope: { rows: 'data.rows' },
      listQuery: 'main',
      access: { list: 'view_contractors' },
      route: { name: 'Visits' },
      fields: [
        field('id', 'integer', 'ID', { column: true }),
        field('contractorId', 'integer', 'Contractor', { column: true, reference: 'contractors' }),
      ],
    });
    const getMany = vi.fn(async () => ({ data: [{ id: 3, name: 'Zielony' }] }));
    function Table() {
      const { columns } = useDeclaredColumns(visits, { field: () => true }, {});
      return (
        <ListContextProvider
          value={
            {
              data: [{ id: 1, contractorId: 3 }],
              total: 1,
              isPending: false,
              sort: {},
              resource: 'contractors',
            } as never
          }
        >
          <DataTable resource="contractors" bulkActionButtons={false}>
            {columns}
          </DataTable>
        </ListContextProvider>
      );
    }
    render(
      <TestAdmin dataProvider={appDataProvider({ getMany })}>
        <Table />
      </TestAdmin>,
    );
    await waitFor(() => expect(document.querySelector('td[class*="contractorId"]')?.textContent).toBe('Zielony'), {
      timeout: 10_000,
    });
    expect(getMany).toHaveBeenCalledWith('contractors', expect.objectContaining({ ids: [3] }));
  });
});
