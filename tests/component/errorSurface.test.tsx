/**
 * One error surface: a failing list shows the banner (or, for a 403, nothing) and never also
 * react-admin's red toast; a failure that never reached the HTTP layer goes to the banner as
 * 'Internal front-end error'; other notifications (session messages, successes) still show.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, DataTable, List, Notification, memoryStore, testDataProvider, useNotify } from 'react-admin';
import { useEffect } from 'react';
import { i18nProvider } from '../../src/i18n';
import { setRuntimeConfig, type RuntimeConfig } from '../../src/config';
import { client } from '../../src/dataProviders/http';
import { ErrorToastFilter } from '../../src/layout/ErrorToastFilter';
import { appEvents, type BannerError } from '../../src/state/events';
import { writeSession } from '../../src/state/session';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const user = { id: 1, name: 'admin', displayName: 'Ada', avatar: null, role: 'admin', permissions: ['view_sensors'] };

let banners: BannerError[];
let off: () => void;
beforeEach(() => {
  localStorage.clear();
  setRuntimeConfig({ services: { main: '/api' } } as RuntimeConfig);
  const exp = Math.floor(Date.now() / 1000) + 600;
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  writeSession({
    user,
    tokens: { accessToken: `${b64({ alg: 'HS256' })}.${b64({ sub: '1', exp })}.sig`, refreshToken: 'r' },
  });
  banners = [];
  off = appEvents.on('error', (e) => banners.push(e));
  // Fake timers that also follow the clock: the list renders as usual, and `later` lets a minute pass
  // at once — react-query's retries of the failed list (1, 2, 4 s apart) and whatever notification
  // comes after the last one.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  off();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A minute later, at once (see beforeEach). */
const later = () => act(() => vi.advanceTimersByTimeAsync(60_000));

/** A list whose data provider goes through the real HTTP layer to a stubbed fetch. */
function renderList(getList: () => Promise<never>, extra?: React.ReactNode) {
  return render(
    <MemoryRouter>
      <AdminContext store={memoryStore()} i18nProvider={i18nProvider} dataProvider={testDataProvider({ getList })}>
        <ErrorToastFilter>
          <List resource="sensors" disableSyncWithLocation storeKey={false}>
            <DataTable>
              <DataTable.Col source="id" />
            </DataTable>
          </List>
          {extra}
        </ErrorToastFilter>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

const throughHttp = (status: number, message: string) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(status, { status, message })),
  );
  return () => client('main').request('/sensors') as Promise<never>;
};

describe('one error surface', () => {
  it('a 400 of a list: the banner once, no red toast', async () => {
    renderList(throughHttp(400, 'Expected a value after "(" at position 11 but found end of query'));
    await waitFor(() => expect(banners).toHaveLength(1));
    expect(banners[0]).toMatchObject({ status: 400, severity: 'warning' });
    await later();
    expect(screen.queryByText(/Expected a value/)).toBeNull();
  });

  it('a 403: nothing at all, as the spec says', async () => {
    renderList(throughHttp(403, 'You need the view_sensors permission to do this'));
    await later();
    expect(screen.queryByText(/You need the view_sensors permission/)).toBeNull();
    expect(banners).toHaveLength(0);
  });

  it('"non-existent channel": nothing at all', async () => {
    renderList(throughHttp(400, 'non-existent channel'));
    await later();
    expect(screen.queryByText('non-existent channel')).toBeNull();
    expect(banners).toHaveLength(0);
  });

  it('a failure outside the HTTP layer: the banner says "Internal front-end error", no toast', async () => {
    renderList(() => Promise.reject(new TypeError("Cannot read properties of undefined (reading 'sensors')")));
    await waitFor(() =>
      expect(banners).toEqual([{ status: 400, message: 'Internal front-end error', severity: 'warning' }]),
    );
    expect(screen.queryByText(/Cannot read properties/)).toBeNull();
  });

  it('other notifications still show', async () => {
    function Notifies() {
      const notify = useNotify();
      useEffect(() => notify('The session has ended. Please sign in again.', { type: 'error' }), [notify]);
      return null;
    }
    renderList(() => Promise.resolve({ data: [], total: 0 } as never), <Notifies />);
    expect(await screen.findByText('The session has ended. Please sign in again.')).toBeTruthy();
  });
});
