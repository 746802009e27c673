/**
 * The Sensor Status page (document 1, section 2): Enter on a sensor ID shows what the GSM updater
 * knows of it; an invalid ID says why and clears the previous sensor's data, which would otherwise
 * stay on screen under the error as if it answered the new input.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { SensorStatusPage } from '../../src/pages/sensorStatus/SensorStatusPage';
import { TestAdmin, appDataProvider, signInAs } from './support/admin';

const getSensorUpdaterStatus = vi.fn(async (_r: string, { id }: { id: number }) => ({
  id,
  version: '2.1.0.3',
  bank: 1,
  status: 'Ok',
  last_contact: '2026-12-10T09:30:00.000Z',
  last_updated: '2026-12-09T09:30:00.000Z',
}));

function Search() {
  return <div data-testid="search">{useLocation().search}</div>;
}

function renderPage(path = '/sensors/status?id=7') {
  render(
    <TestAdmin path={path} dataProvider={appDataProvider({ getSensorUpdaterStatus })}>
      <Routes>
        <Route
          path="/sensors/status"
          element={
            <>
              <SensorStatusPage />
              <Search />
            </>
          }
        />
      </Routes>
    </TestAdmin>,
  );
}

const idInput = () => screen.getByRole('textbox', { name: 'Sensor ID' });

beforeEach(() => {
  localStorage.clear();
  getSensorUpdaterStatus.mockClear();
  signInAs(['view_sensors']);
});

describe('Sensor Status page', () => {
  it('shows the sensor of the ID entered', async () => {
    const user = userEvent.setup();
    renderPage();
    expect((await screen.findByTestId('updater-version')).textContent).toBe('2.1.0.3');
    await user.clear(idInput());
    await user.type(idInput(), '12{Enter}');
    expect(await screen.findByText('Sensor 12')).toBeTruthy();
    expect(screen.getByTestId('search').textContent).toBe('?id=12');
  });

  it.each([
    ['abc', 'It must be an integer'],
    ['0', 'It must be greater than 0'],
    ['', 'It is required'],
  ])('an invalid ID (%j) says why and clears the previous sensor’s data', async (typed, message) => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByTestId('updater-status-card')).toBeTruthy();
    await user.clear(idInput());
    await user.type(idInput(), `${typed}{Enter}`);
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('updater-status-card')).toBeNull());
    expect(screen.queryByText('Sensor 7')).toBeNull();
    expect(screen.getByTestId('search').textContent).toBe('');
    expect((idInput() as HTMLInputElement).value).toBe(typed);
    expect(getSensorUpdaterStatus).toHaveBeenCalledTimes(1);
  });
});
