/**
 * History of an unknown or malformed id: a malformed id is refused without a request, an unknown
 * one is asked for ONCE (no retries of a 4xx) and answered with a clear message instead of a
 * skeleton and an empty, paged table. Also the app-wide retry rule of src/dataProviders/queryClient.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { ApiError } from '../../src/dataProviders/errors';
import { queryClient, retryUnlessClientError } from '../../src/dataProviders/queryClient';
import { SensorHistoryPage, InstallationHistoryPage } from '../../src/pages/history/HistoryPage';
import { TestAdmin, appDataProvider, signInAs } from './support/admin';

const getHistory = vi.fn();

const renderAt = (path: string) =>
  render(
    // react-admin's default query client retries every failed query three times.
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

const historyCalls = () => getHistory.mock.calls;

afterEach(() => {
  vi.useRealTimers();
});

beforeEach(() => {
  localStorage.clear();
  signInAs(['view_history_sensor', 'view_installations']);
  getHistory.mockReset();
  getHistory.mockImplementation((_resource: string, { scope, id }: { scope: string; id: string }) =>
    Promise.reject(
      new ApiError('response', 404, 'Sensor 999999 does not exist', `/history/${scope}/${id}`, {
        status: 404,
        message: 'Sensor 999999 does not exist',
      }),
    ),
  );
});

describe('history of an unknown or malformed id', () => {
  it('an unknown sensor is asked for once and answered with a clear message, no table', async () => {
    // Fake timers that also follow the clock, so that the page renders as usual; then a minute
    // passes at once: react-query's retries (1 s, 2 s, 4 s… apart) would all have run by then.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderAt('/sensors/999999/history');
    expect(await screen.findByText('Sensor 999999 was not found.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(historyCalls()).toHaveLength(1);
    expect(historyCalls()[0]).toEqual(['history', expect.objectContaining({ scope: 'sensors', id: '999999' })]);
    // That the provider keeps the banner out of a 404 is tested with the provider (tests/component/dataProvider.test.tsx).
    expect(screen.queryByText('No data.')).toBeNull();
    expect(screen.queryByText(/of 10/)).toBeNull();
  });

  it('a malformed id sends no request and says what is wrong', async () => {
    renderAt('/sensors/abc/history');
    expect(await screen.findByText('"abc" is not a valid sensor ID.')).toBeTruthy();
    expect(historyCalls()).toHaveLength(0);
    expect(screen.queryByText(/Invalid params/)).toBeNull();
  });

  it('installations say the same in their words', async () => {
    renderAt('/installations/12x/history');
    expect(await screen.findByText('"12x" is not a valid installation ID.')).toBeTruthy();
    expect(historyCalls()).toHaveLength(0);
  });
});

describe('retry rule of the app-wide query client', () => {
  it('never retries a 4xx, a cancelled or an internal error; retries others twice', () => {
    const response = (status: number) => new ApiError('response', status, 'x', '/x');
    for (const status of [400, 401, 403, 404, 409, 422, 429])
      expect(retryUnlessClientError(0, response(status))).toBe(false);
    expect(retryUnlessClientError(0, new ApiError('cancelled', 0, 'x', '/x'))).toBe(false);
    expect(retryUnlessClientError(0, new ApiError('internal', 401, 'x', '/x'))).toBe(false);
    expect(retryUnlessClientError(0, response(503))).toBe(true);
    expect(retryUnlessClientError(0, new ApiError('network', 0, 'x', '/x'))).toBe(true);
    expect(retryUnlessClientError(2, response(503))).toBe(false);
    expect(queryClient.getDefaultOptions().queries?.retry).toBe(retryUnlessClientError);
  });
});
