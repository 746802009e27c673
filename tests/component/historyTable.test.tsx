/**
 * The history table (document 2, section 2.2): the address column (street with number, city,
 * state, country) for a user who may see addresses; cells that changed since the previous record
 * of the same installation are marked; records that look the same as the one before them are left
 * out, said so, and can be shown.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { InstallationHistoryPage, SensorHistoryPage } from '../../src/pages/history/HistoryPage';
import type { HistoryRecord } from '../../src/pages/history/types';
import { TestAdmin, appDataProvider, signInAs } from './support/admin';

const getHistory = vi.fn();

const renderAt = (path: string) =>
  render(
    <TestAdmin
      path={path}
      dataProvider={appDataProvider({ getHistory, getList: async () => ({ data: [], total: 0 }) })}
    >
      <Routes>
        <Route path="/sensors/:id/history" element={<SensorHistoryPage />} />
        <Route path="/installations/:id/history" element={<InstallationHistoryPage />} />
      </Routes>
    </TestAdmin>,
  );

const record = (over: Partial<HistoryRecord> = {}): HistoryRecord => ({
  id: 7,
  sensorId: 13,
  installationId: 2707,
  successorId: null,
  predecessorId: 1019,
  installationDate: '2026-10-01T10:00:00.000Z',
  removedAt: null,
  contractor: { id: 3, name: 'Airly Partner' },
  isVisible: true,
  mamsl: 210,
  location: { latitude: 50.057, longitude: 19.96 },
  address: {
    country: 'Poland',
    state: 'Lesser Poland',
    city: 'Krakow',
    street: 'Dluga',
    number: '5A',
    countryLocal: 'Polska',
    stateLocal: 'małopolskie',
    cityLocal: 'Kraków',
    streetLocal: 'Długa',
    numberLocal: '5A',
  },
  alternativeAddress1: null,
  alternativeAddress2: null,
  contactFullName: 'Anna Nowak',
  contactEmail: 'anna@example.com',
  contactPhoneNumber: null,
  tags: {},
  installationRequestId: null,
  ...over,
});

const ALL = ['view_history_sensor', 'view_installations', 'view_address', 'view_contact'];
const CHANGED = /changed since the previous record/;

/** The body rows of the table (the header row left out). */
const bodyRows = () => screen.getAllByRole('row').slice(1);
/** The index of a column by its header text. */
const columnIndex = (name: string) =>
  screen
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.trim())
    .indexOf(name);

beforeEach(() => {
  localStorage.clear();
  getHistory.mockReset();
});

describe('history table', () => {
  it('shows the address of each record to a user who may see addresses, and no address column otherwise', async () => {
    signInAs(ALL);
    getHistory.mockResolvedValue([record()]);
    const view = renderAt('/sensors/13/history');
    expect(await screen.findByText('Dluga 5A, Krakow, Lesser Poland, Poland')).toBeTruthy();
    expect(columnIndex('Address')).toBeGreaterThan(-1);
    view.unmount();

    signInAs(['view_history_sensor', 'view_installations']);
    renderAt('/sensors/13/history');
    expect(await screen.findByText('50.057000, 19.960000')).toBeTruthy();
    expect(columnIndex('Address')).toBe(-1);
    expect(screen.queryByText(/Dluga/)).toBeNull();
  });

  it('marks what changed since the previous record and hides records that look the same until asked', async () => {
    signInAs(ALL);
    // Newest first: the e-mail changed last; before that only the status changed (no column shows it).
    const created = record({ successorId: null });
    const statusOnly = record();
    const newEmail = record({ contactEmail: 'a.nowak@example.com' });
    getHistory.mockResolvedValue([newEmail, statusOnly, created]);
    renderAt('/installations/2707/history');

    expect(await screen.findByText('a.nowak@example.com')).toBeTruthy();
    expect(
      screen.getByText(
        '1 record looks the same as the one before it (the change is in a field not shown here) and is hidden.',
      ),
    ).toBeTruthy();
    let rows = bodyRows();
    expect(rows).toHaveLength(2);
    // The newest record: only its e-mail cell says it changed.
    const emailColumn = columnIndex('Contact e-mail');
    const newestCells = within(rows[0]!).getAllByRole('cell');
    expect(newestCells[emailColumn]!.textContent).toMatch(CHANGED);
    expect(newestCells.filter((c) => CHANGED.test(c.textContent ?? ''))).toHaveLength(1);
    // The oldest record has nothing to compare with.
    expect(rows[1]!.textContent).not.toMatch(CHANGED);

    fireEvent.click(screen.getByRole('button', { name: 'Show them' }));
    rows = bodyRows();
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).not.toMatch(CHANGED);
    expect(screen.getByText(/^1 record looks the same as the one before it/).textContent).not.toMatch(/hidden/);
    fireEvent.click(screen.getByRole('button', { name: 'Hide them' }));
    expect(bodyRows()).toHaveLength(2);
  });

  it('compares records of the same installation only (a sensor history lists different installations)', async () => {
    signInAs(ALL);
    getHistory.mockResolvedValue([
      record({ installationId: 2707, predecessorId: 1019 }),
      record({ installationId: 1019, predecessorId: null, successorId: 2707, contactEmail: 'old@example.com' }),
    ]);
    renderAt('/sensors/13/history');
    expect(await screen.findByText('old@example.com')).toBeTruthy();
    expect(bodyRows()).toHaveLength(2);
    expect(screen.queryByText(CHANGED)).toBeNull();
    expect(screen.queryByTestId('history-unchanged')).toBeNull();
  });
});
