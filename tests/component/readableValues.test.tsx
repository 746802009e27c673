/**
 * Values shown as people read them: labels instead of raw enum values (the reinstall form's request
 * summary, the quarantine help), and every date in one format through one helper (src/components/dates.ts):
 * `YYYY-MM-DD HH:mm:ssZ` for a moment, `YYYY-MM-DD` for a day, the relative time in the console's
 * language — never the browser's US order (`12/10/2026`).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { RequestSummary } from '../../src/pages/reinstall/RequestSummary';
import { QuarantinePage } from '../../src/pages/firmware/QuarantinePage';
import { SensorActivityIndicator } from '../../src/components/SensorActivityIndicator';
import { RelativeDate } from '../../src/components/DateTimeField';
import { chartTick, formatDate, formatDateTime, relativeTime } from '../../src/components/dates';
import type { InstallationRequest } from '../../src/dataProviders/types';
import { i18nProvider } from '../../src/i18n';
import { TestAdmin, appDataProvider, signInAs, testAuthProvider } from './support/admin';

const REQUEST: InstallationRequest = {
  id: 44,
  sensorId: 5,
  requestType: 'INSTALLATION',
  clientType: 'ENTERPRISE',
  createdAt: '2026-10-10T17:35:51.730Z',
  address: 'Armii Krajowej 68, 02-775 Warszawa',
  location: { latitude: 52.158249, longitude: 20.999883 },
  email: 'client@example.com',
  phone: '+48 506 995 636',
  contractorId: 63,
  contractorName: 'Wojciech Pietrzak',
  notes: null,
  state: 'WAITING',
};

/** The moment the dates below are shown in this machine's time zone, as the helper must write it. */
const LAST_CONTACT = '2026-12-10T09:30:00.000Z';
const iso = (value: string) => {
  const d = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  const offset = -d.getTimezoneOffset();
  const zone =
    offset === 0
      ? 'Z'
      : `${offset > 0 ? '+' : '-'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}${zone}`;
};

beforeEach(() => {
  localStorage.clear();
  signInAs(['view_deployments', 'view_sensors']);
});

describe('labels instead of raw enum values', () => {
  it('the request summary of the reinstall form names the request type, client type and state', () => {
    render(
      <TestAdmin>
        <RequestSummary request={REQUEST} />
      </TestAdmin>,
    );
    const summary = within(screen.getByTestId('reinstall-request'));
    expect(summary.getByText('Installation · Enterprise')).toBeTruthy();
    expect(summary.getByText('Waiting')).toBeTruthy();
    expect(screen.getByTestId('reinstall-request').textContent).not.toMatch(/INSTALLATION|ENTERPRISE|WAITING/);
  });

  it('the quarantine help names the setting by its label, not its field name', async () => {
    render(
      <TestAdmin dataProvider={appDataProvider({ getQuarantine: vi.fn(async () => []) })}>
        <QuarantinePage family="gsm" />
      </TestAdmin>,
    );
    expect(await screen.findByText('No sensor is quarantined.')).toBeTruthy();
    expect(screen.getByText(/Sensors that failed more often than their deployment allowed/).textContent).toContain(
      'Retries before quarantine',
    );
    expect(document.body.textContent).not.toContain('maxRetries');
  });
});

describe('one date format everywhere', () => {
  it('writes a moment as YYYY-MM-DD HH:mm:ssZ and a day as YYYY-MM-DD, whatever the input', () => {
    expect(formatDateTime(LAST_CONTACT)).toBe(iso(LAST_CONTACT));
    expect(formatDateTime(new Date(LAST_CONTACT))).toBe(iso(LAST_CONTACT));
    expect(formatDateTime(Date.parse(LAST_CONTACT))).toBe(iso(LAST_CONTACT));
    // A day is that day, in any time zone (not midnight UTC moved to the day before).
    expect(formatDate('2026-12-10')).toBe('2026-12-10');
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('says the relative time in the console’s language', () => {
    const now = Date.parse('2026-12-13T09:30:00.000Z');
    expect(relativeTime(LAST_CONTACT, now, 'en')).toBe('3 days ago');
    expect(relativeTime(LAST_CONTACT, now, 'pl')).toBe('3 dni temu');
    expect(relativeTime('2026-12-16T09:30:00.000Z', now, 'en')).toBe('in 3 days');
    expect(relativeTime('2026-12-16T09:30:00.000Z', now, 'pl')).toBe('za 3 dni');
  });

  it('names chart ticks in the console’s language', () => {
    const at = new Date(2026, 11, 10, 9, 5, 7);
    expect(chartTick(at, 2 * 86_400_000, 'en')).toBe('Dec 10 09:05');
    expect(chartTick(at, 2 * 86_400_000, 'pl')).toBe('10 gru 09:05');
    expect(chartTick(at, 600_000, 'en')).toBe('09:05:07');
  });

  it('the sensor activity tooltip gives the last contact in that format, not the browser’s US order', async () => {
    const user = userEvent.setup();
    const getSensorActivityInfo = vi.fn(async () => ({
      id: 5,
      exists: true,
      active: true,
      lastContact: LAST_CONTACT,
      visible: false,
    }));
    render(
      <TestAdmin dataProvider={appDataProvider({ getSensorActivityInfo })}>
        <SensorActivityIndicator sensorId={5} />
      </TestAdmin>,
    );
    const chip = await screen.findByText('Active');
    await user.hover(chip);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe(`Sensor 5: Active (last contact: ${iso(LAST_CONTACT)})`);
    expect(tooltip.textContent).not.toMatch(/\d{1,2}\/\d{1,2}\/\d{4}/);
  });

  it('a relative date reads in Polish when the console is in Polish', async () => {
    render(
      <MemoryRouter>
        <AdminContext store={memoryStore({ locale: 'pl' })} i18nProvider={i18nProvider} authProvider={testAuthProvider}>
          <RelativeDate value={new Date(Date.now() - 3 * 86_400_000).toISOString()} />
        </AdminContext>
      </MemoryRouter>,
    );
    expect(await screen.findByText('(3 dni temu)')).toBeTruthy();
  });
});
