/** The audit log screens: the view in the URL, the debounced search, cancellation, columns and texts. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { AuditLogPage } from '../../src/pages/logs/AuditLogPage';
import { parseAuditParams, DEFAULT_AUDIT_PARAMS } from '../../src/pages/logs/auditLogParams';
import type { AuditScope } from '../../src/pages/logs/useAuditLogs';

import { TestAdmin, appDataProvider } from './support/admin';

const getAuditLogs = vi.fn();

const LOG = {
  logId: 41,
  createdDate: '2026-11-01T12:00:00.000Z',
  userName: 'technician',
  eventType: 'TokenCreated',
  sourceName: 'Console',
  message: 'Token "ci" created',
};
const page = (logs = [LOG], totalCount = logs.length, capped = false) => Promise.resolve({ logs, totalCount, capped });

function Location() {
  return <div data-testid="location">{useLocation().search}</div>;
}

function renderPage(scope: AuditScope, url: string) {
  return render(
    <TestAdmin path={url} dataProvider={appDataProvider({ getAuditLogs })}>
      <AuditLogPage scope={scope} title={scope === 'admin' ? 'System Logs' : 'Personal Logs'} />
      <Location />
    </TestAdmin>,
  );
}

const urlParams = () => Object.fromEntries(new URLSearchParams(screen.getByTestId('location').textContent!));
const lastQuery = () => getAuditLogs.mock.calls.at(-1)![1].query as Record<string, string>;

beforeEach(() => {
  getAuditLogs.mockReset();
  getAuditLogs.mockImplementation(() => page());
});
afterEach(() => {
  vi.useRealTimers();
});

describe('parseAuditParams', () => {
  it('defaults to page 1, 100 rows, newest first', () => {
    expect(parseAuditParams(new URLSearchParams())).toEqual(DEFAULT_AUDIT_PARAMS);
    expect(DEFAULT_AUDIT_PARAMS).toMatchObject({ page: 1, limit: 100, sortBy: 'logId', descending: true });
  });

  it('ignores values a hand-edited link may carry', () => {
    const p = parseAuditParams(
      new URLSearchParams('page=-3&limit=7&sortBy=password&descending=no&type=NotAType&search=x'),
    );
    expect(p).toEqual({ ...DEFAULT_AUDIT_PARAMS, descending: true, search: 'x' });
    expect(parseAuditParams(new URLSearchParams('sortBy=userName'), ['logId']).sortBy).toBe('logId');
  });
});

describe('AuditLogPage', () => {
  it('restores the whole view from the URL and asks the server for exactly it', async () => {
    renderPage('admin', '/logs/admin?page=2&limit=10&sortBy=eventType&descending=false&type=TokenCreated&search=ci');
    expect(await screen.findByText('Token "ci" created')).toBeTruthy();
    expect(getAuditLogs).toHaveBeenCalledWith(
      'logs',
      expect.objectContaining({ scope: 'admin', signal: expect.any(AbortSignal) }),
    );
    expect(lastQuery()).toEqual({
      page: '2',
      limit: '10',
      sortBy: 'eventType',
      descending: 'false',
      type: 'TokenCreated',
      search: 'ci',
    });
    expect((screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement).value).toBe('ci');
    expect((screen.getByRole('combobox', { name: 'Type' }) as HTMLInputElement).value).toBe('TokenCreated');
  });

  it('shows ID, Date, User, Type, Source and Message on System Logs', async () => {
    renderPage('admin', '/logs/admin');
    await screen.findByText('Token "ci" created');
    const headers = within(screen.getByTestId('audit-table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['ID', 'Date', 'User', 'Type', 'Source', 'Message']);
    expect(screen.getByText('technician')).toBeTruthy();
    expect(screen.getByText(/^2026-11-01 \d\d:00:00/)).toBeTruthy();
  });

  it('has no User column on Personal Logs and calls the personal endpoint', async () => {
    renderPage('personal', '/logs/personal?sortBy=userName');
    await screen.findByText('Token "ci" created');
    const headers = within(screen.getByTestId('audit-table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['ID', 'Date', 'Type', 'Source', 'Message']);
    expect(getAuditLogs.mock.calls[0]![1].scope).toBe('personal');
    expect(lastQuery().sortBy).toBe('logId');
  });

  it('offers the eight page sizes and keeps paging and sorting in the URL', async () => {
    const user = userEvent.setup();
    getAuditLogs.mockImplementation(() => page([LOG], 450));
    renderPage('admin', '/logs/admin');
    await screen.findByText('1–100 of 450');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(urlParams()).toMatchObject({ page: '2', limit: '100' }));
    await waitFor(() => expect(lastQuery().page).toBe('2'));

    await user.click(screen.getByRole('combobox', { name: /rows per page/i }));
    const sizes = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(sizes).toEqual(['10', '20', '30', '40', '50', '100', '200', '300']);
    await user.click(screen.getByRole('option', { name: '20' }));
    await waitFor(() => expect(urlParams()).toMatchObject({ page: '1', limit: '20' }));

    await user.click(screen.getByText('Type', { selector: 'th *' }));
    await waitFor(() => expect(urlParams()).toMatchObject({ sortBy: 'eventType', descending: 'false', page: '1' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sortBy: 'eventType', descending: 'false' }));
  });

  it('says when the list was counted only up to the cap, and offers no last page', async () => {
    getAuditLogs.mockImplementation(() => page([LOG], 10000, true));
    renderPage('admin', '/logs/admin?search=sensor');
    expect(await screen.findByText('1–100 of more than 10,000')).toBeTruthy();
    // Where the list ends is not known: a last-page button would jump to the cap, not to the end.
    expect(screen.queryByRole('button', { name: 'Go to last page' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeTruthy();
  });

  it('offers the last page when the count is exact', async () => {
    getAuditLogs.mockImplementation(() => page([LOG], 450));
    renderPage('admin', '/logs/admin');
    await screen.findByText('1–100 of 450');
    expect(screen.getByRole('button', { name: 'Go to last page' })).toBeTruthy();
  });

  it('puts the search into the URL 300 ms after the last key, back at page 1', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage('admin', '/logs/admin?page=3');
    await screen.findByText('Token "ci" created');
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'tok');
    act(() => vi.advanceTimersByTime(250));
    expect(urlParams().search).toBeUndefined();
    act(() => vi.advanceTimersByTime(60));
    expect(urlParams()).toMatchObject({ search: 'tok', page: '1' });
    await waitFor(() => expect(lastQuery()).toMatchObject({ search: 'tok', page: '1' }));
  });

  it('filters by type through the combo box of every event type', async () => {
    const user = userEvent.setup();
    renderPage('admin', '/logs/admin');
    await screen.findByText('Token "ci" created');
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').length).toBeGreaterThan(60);
    await user.type(screen.getByRole('combobox', { name: 'Type' }), 'TokenRev');
    await user.click(screen.getByRole('option', { name: 'TokenRevoked' }));
    await waitFor(() => expect(urlParams()).toMatchObject({ type: 'TokenRevoked', page: '1' }));
    await waitFor(() => expect(lastQuery().type).toBe('TokenRevoked'));
  });

  it('cancels the request in flight when the view changes', async () => {
    const user = userEvent.setup();
    const signals: AbortSignal[] = [];
    getAuditLogs.mockImplementation(
      (_resource: string, opts: { signal: AbortSignal; query: Record<string, string> }) => {
        signals.push(opts.signal);
        // The first answer never comes; the next ones do.
        return signals.length === 1 ? new Promise(() => {}) : page();
      },
    );
    renderPage('admin', '/logs/admin');
    expect(await screen.findByText('Loading...')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'TokenCreated' }));
    await screen.findByText('Token "ci" created');
    expect(signals).toHaveLength(2);
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]!.aborted).toBe(false);
  });

  it('refetches on Refresh', async () => {
    const user = userEvent.setup();
    renderPage('admin', '/logs/admin');
    await screen.findByText('Token "ci" created');
    const before = getAuditLogs.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(getAuditLogs.mock.calls.length).toBe(before + 1));
  });

  it('says No data. when there are no events at all', async () => {
    getAuditLogs.mockImplementation(() => page([]));
    renderPage('admin', '/logs/admin');
    expect(await screen.findByText('No data.')).toBeTruthy();
  });

  it('says No matches found. when a search or type finds nothing', async () => {
    getAuditLogs.mockImplementation(() => page([]));
    renderPage('personal', '/logs/personal?type=RoleDeleted');
    expect(await screen.findByText('No matches found.')).toBeTruthy();
  });
});
