/** Generate Tokens: amount rules, defaults, tags by permission, factor sets, the CSV download and the message. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, memoryStore, testDataProvider } from 'react-admin';
import { i18nProvider } from '../../src/i18n';
import { GenerateTokensPage } from '../../src/pages/generateTokens/GenerateTokensPage';
import { ORDER_DEFAULTS } from '../../src/pages/generateTokens/orderForm';
import { filenameFromDisposition } from '../../src/components/sensors/download';
import { testAuthProvider } from './support/admin';

const SENSOR_TAGS = [
  { id: 3, name: 'Hardware revision', type: 'INTEGER', values: [] },
  { id: 6, name: 'Enclosure', type: 'ENUM', values: ['Compact', 'Standard'] },
  { id: 7, name: 'Firmware build', type: 'META', values: [] },
];
const INSTALLATION_TAGS = [{ id: 11, name: 'Height above ground (m)', type: 'FLOAT', values: [] }];

const orderSensors = vi.fn();
const getList = vi.fn(async (resource: string) => {
  const data = resource === 'sensors/tags' ? SENSOR_TAGS : resource === 'installations/tags' ? INSTALLATION_TAGS : [];
  return { data, total: data.length };
});
const downloads: string[] = [];

function session(permissions: string[]) {
  localStorage.setItem(
    'aq.session',
    JSON.stringify({
      user: { id: 1, name: 'u', displayName: null, avatar: null, role: 'r', permissions },
      role: 'r',
      permissions,
      token: 't',
      refreshToken: 'r',
    }),
  );
}

const renderPage = () =>
  render(
    <AdminContext
      store={memoryStore()}
      i18nProvider={i18nProvider}
      authProvider={testAuthProvider}
      dataProvider={testDataProvider({ getList: getList as never, orderSensors })}
    >
      <GenerateTokensPage />
      <Notification />
    </AdminContext>,
  );

/*
 * The page has ~30 fields and ~15 buttons: a role query over it computes the accessible name of each
 * (a getComputedStyle apiece in jsdom). These helpers find the element by its input name or text,
 * then check with a role query over the element's own box that it is the one of that role and name.
 */
const textbox = (source: string, name: string | RegExp) => {
  const input = document.querySelector(`input[name="${source}"]`);
  expect(input, source).toBeTruthy();
  return within(input!.parentElement!).getByRole('textbox', { name });
};
const factor = (param: string, key: string) =>
  within(screen.getByTestId(`factors-${param}`)).getByRole('textbox', { name: `${param} ${key}` });
const amount = () => textbox('amount', /Amount/);
const order = () => {
  const button = screen.getByText('Order', { selector: 'button' });
  return within(button.parentElement!).getByRole('button', { name: 'Order' });
};

beforeEach(() => {
  localStorage.clear();
  session(['add_sensors', 'view_sensor_tags', 'view_installation_tags']);
  orderSensors.mockReset();
  orderSensors.mockImplementation(
    async () =>
      new Response('\uFEFFid;sensorToken;communication;measured;status\r\n', {
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="sensory-2026-11-22.csv"' },
      }),
  );
  getList.mockClear();
  downloads.length = 0;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('GenerateTokensPage', () => {
  it.each([
    ['', 'It is required'],
    ['2.5', 'It must be an integer'],
    ['abc', 'It must be an integer'],
    ['0', 'It must be greater than 0'],
    ['1001', 'It must be less than 1001'],
  ])('amount %j: %s', async (value, message) => {
    const user = userEvent.setup();
    renderPage();
    if (value) await user.type(amount(), value);
    await user.click(order());
    expect(await screen.findByText(message)).toBeTruthy();
    expect(orderSensors).not.toHaveBeenCalled();
  });

  it('defaults to GSM and the six default parameters, and offers the five communications', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('combobox', { name: /Communication/ }).textContent).toBe('GSM');
    const checked = screen.getAllByRole('checkbox').filter((c) => (c as HTMLInputElement).checked);
    expect(checked.map((c) => c.getAttribute('value'))).toEqual([
      'pm1',
      'pm25',
      'pm10',
      'temperature',
      'humidity',
      'pressure',
    ]);
    await user.click(screen.getByRole('combobox', { name: /Communication/ }));
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['GSM', 'WIFI', 'LORA', 'NBIOT', 'OTHER']);
  });

  it('a partly filled factor set is an error', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(amount(), '3');
    await user.type(factor('pm10', 'A'), '1');
    await user.click(order());
    expect(await screen.findAllByText('All factors must be filled')).toHaveLength(2);
    expect(orderSensors).not.toHaveBeenCalled();
  });

  it('orders: sends the payload with the fixed defaults, downloads the CSV and says how many', async () => {
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(document.querySelector('input[name="sensorTags.t3"]')).toBeTruthy(), { timeout: 5000 });
    // META tags are not offered.
    expect(screen.queryByRole('textbox', { name: 'Firmware build' })).toBeNull();
    await user.type(amount(), '3');
    await user.click(screen.getByRole('combobox', { name: /Communication/ }));
    await user.click(await screen.findByRole('option', { name: 'NBIOT' }));
    await user.click(screen.getByRole('checkbox', { name: 'no2' }));
    await user.type(textbox('sensorTags.t3', 'Hardware revision'), '5');
    await user.type(textbox('installationTags.t11', 'Height above ground (m)'), '2,5');
    await user.click(screen.getByRole('button', { name: 'Fill pm25 factors' }));
    await user.click(order());
    await waitFor(() => expect(orderSensors).toHaveBeenCalled());
    expect(orderSensors.mock.calls[0]![1].order).toEqual({
      amount: 3,
      communication: 'NBIOT',
      measured: ['pm1', 'pm25', 'pm10', 'temperature', 'humidity', 'pressure', 'no2'],
      latitude: ORDER_DEFAULTS.latitude,
      longitude: ORDER_DEFAULTS.longitude,
      contractorId: null,
      sensorTags: { '3': 5 },
      installationTags: { '11': 2.5 },
      sensorFactors: { pm25: { A: 0, B: 1, C: 0 } },
    });
    expect(await screen.findByText('Ordered 3 new sensors!')).toBeTruthy();
    expect(downloads).toEqual(['sensory-2026-11-22.csv']);
  });

  it('offers no tag editors without the view permissions of the context', async () => {
    session(['add_sensors', 'view_sensor_tag_3']);
    renderPage();
    await waitFor(() => expect(amount()).toBeTruthy());
    expect(screen.queryByRole('textbox', { name: 'Hardware revision' })).toBeNull();
    expect(getList).not.toHaveBeenCalled();
  });

  it('reads the file name from Content-Disposition', () => {
    expect(filenameFromDisposition('attachment; filename="sensors.csv"')).toBe('sensors.csv');
    expect(filenameFromDisposition("attachment; filename*=UTF-8''sensory%202026.csv; filename=x.csv")).toBe(
      'sensory 2026.csv',
    );
    expect(filenameFromDisposition(null)).toBeUndefined();
  });
});
