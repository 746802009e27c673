/**
 * Wi-Fi Binary Details: created date, sensor, status and version; Raw logs only with has_logs (a
 * blob of the fetched log, since a link cannot carry the bearer token), Download only with
 * is_present (the file fetched and saved), Refresh fetching again, and the numbered log.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { WifiBinaryDetailsPage } from '../../src/pages/firmware/WifiBinaryDetailsPage';
import { TestAdmin, appDataProvider, signInAs } from './support/admin';

const BINARY = 'a1b2c3d4e5f6a7b8c9d0e1f2';
const info = (over: Partial<{ has_logs: boolean; is_present: boolean }> = {}) => ({
  created: '2026-11-20T10:00:00.000Z',
  sensor: 247,
  status: 'Deployed',
  version: '2.7.0.1-g39bf81a',
  has_logs: true,
  is_present: false,
  ...over,
});

function renderPage(methods: Record<string, unknown>) {
  signInAs(['view_deployments']);
  render(
    <TestAdmin
      dataProvider={appDataProvider(methods)}
      path={`/deployments/wifi/33/sensors/${BINARY}`}
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <Routes>
        <Route path="/deployments/wifi/:id/sensors/:binary" element={<WifiBinaryDetailsPage />} />
      </Routes>
    </TestAdmin>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('WifiBinaryDetailsPage', () => {
  it('shows the details and the numbered log; Raw logs opens the fetched text; no Download without the file', async () => {
    const getWifiBinary = vi.fn(async () => info());
    const getWifiBinaryLogs = vi.fn(async () => '[build] one\n[build] two\n[result] OK\n');
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:log');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderPage({ getWifiBinary, getWifiBinaryLogs });
    expect(await screen.findByText('247')).toBeTruthy();
    expect(screen.getByText('Deployed')).toBeTruthy();
    expect(screen.getByText('2.7.0.1-g39bf81a')).toBeTruthy();
    expect(screen.getByText(BINARY)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('log-line-numbers').textContent).toBe('1\n2\n3'));
    expect(screen.getByText('3 lines')).toBeTruthy();
    const raw = screen.getByRole('link', { name: 'Raw logs' });
    expect(raw.getAttribute('href')).toBe('blob:log');
    expect(raw.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
    const blob = createObjectURL.mock.calls.at(-1)![0];
    expect(await blob.text()).toBe('[build] one\n[build] two\n[result] OK\n');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(getWifiBinary).toHaveBeenCalledTimes(2));
    expect(getWifiBinaryLogs).toHaveBeenCalledTimes(2);
    expect(getWifiBinary.mock.calls[0]).toEqual(['deployments/wifi', expect.objectContaining({ binary: BINARY })]);
  });

  it('offers Download only for a stored file and no Raw logs without logs', async () => {
    const downloadWifiBinary = vi.fn(
      async () =>
        new Response(new Uint8Array([1, 2, 3]), {
          headers: { 'content-disposition': `attachment; filename="${BINARY}.bin"` },
        }),
    );
    const getWifiBinaryLogs = vi.fn(async () => '');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() }));
    renderPage({
      getWifiBinary: async () => info({ has_logs: false, is_present: true }),
      getWifiBinaryLogs,
      downloadWifiBinary,
    });
    const download = await screen.findByRole('button', { name: 'Download' });
    expect(screen.queryByRole('link', { name: 'Raw logs' })).toBeNull();
    expect(screen.getByText('This binary has no logs.')).toBeTruthy();
    expect(getWifiBinaryLogs).not.toHaveBeenCalled();
    await userEvent.setup().click(download);
    await waitFor(() => expect(downloadWifiBinary).toHaveBeenCalledWith('deployments/wifi', { binary: BINARY }));
  });

  it('says so when the binary cannot be loaded', async () => {
    renderPage({ getWifiBinary: async () => Promise.reject(new Error('404')) });
    expect(await screen.findByText(`Binary ${BINARY} could not be loaded.`)).toBeTruthy();
  });
});
