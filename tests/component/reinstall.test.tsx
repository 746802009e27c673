/**
 * Reinstall sensor (document 2, sections 2.3, 4, 5, 8): prefill from the current installation,
 * from a previous installation's last history record and from a request; the validation messages
 * and the invalid-form text; factors fill / clear / comma; the status sent only when ticked and
 * different; the `null` installation id rule (and its 406: one message on the page, with the way
 * back to the request); fields moving the marker; one request for a double click; the success
 * message and the list it opens.
 */
import { beforeEach, describe, expect, it, onTestFinished, vi, type Mock } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification } from 'react-admin';
import { Route, Routes, useLocation } from 'react-router-dom';
import { ApiError } from '../../src/dataProviders/errors';
import type { HistoryRecord, InstallationReadForm, InstallationRequest } from '../../src/dataProviders/types';
import { ReinstallPage } from '../../src/pages/reinstall/ReinstallPage';
import { appEvents, type BannerError } from '../../src/state/events';
import { TestAdmin, appDataProvider, signInAs } from './support/admin';

// The offline outlines are fetched from the server as an asset: nothing to fetch in jsdom.
vi.mock('../../src/components/map/CountryOutlines', () => ({ CountryOutlines: () => null }));

const READ_FORM: InstallationReadForm = {
  info: {
    installationId: 1000,
    sensorId: 5,
    status: 'Installed',
    isVisible: true,
    removedAt: null,
    contractor: { id: 4 },
  },
  location: {
    coordinates: { latitude: 50.289251, longitude: 18.666003 },
    address: { altAddress1: 'Parking', altAddress2: null },
  },
  params: { factors: { pm1: { A: -0.63, B: 0.952, C: -0.0003 } } },
  tags: { '11': 11.7 },
  contact: { fullName: null, email: null, phoneNumber: null },
};

const PREVIOUS: HistoryRecord = {
  id: 77,
  sensorId: 7,
  installationId: 2000,
  successorId: null,
  predecessorId: null,
  installationDate: '2024-01-01T00:00:00.000Z',
  removedAt: null,
  contractor: { id: 9, name: 'Nine Builders' },
  isVisible: true,
  mamsl: null,
  location: { latitude: 52.2, longitude: 21.0123456 },
  address: null,
  alternativeAddress1: null,
  alternativeAddress2: 'Gate B',
  contactFullName: 'Jan Kowalski',
  contactEmail: 'jan@example.com',
  contactPhoneNumber: '+48 111 222 333',
  tags: { '11': 3.5 },
  factors: { pm10: { A: 1, B: 2, C: 3 } },
  installationRequestId: null,
};

const REQUEST: InstallationRequest = {
  id: 44,
  sensorId: 5,
  requestType: 'REINSTALLATION',
  clientType: 'PARTNER',
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

const CONTRACTORS = [
  { id: 4, name: 'Four Corners' },
  { id: 9, name: 'Nine Builders' },
];
const TAGS = [
  { id: 11, name: 'Height above ground (m)', type: 'FLOAT', values: [] },
  { id: 17, name: 'Power source', type: 'STRING', values: [] },
];

const notFound = (path: string) =>
  new ApiError('response', 404, 'Not found', path, { status: 404, message: 'Not found' });

let reinstallSensor: Mock;
let getSensorCurrentInstallation: Mock;
let getLastInstallationRecord: Mock;

function methods() {
  return {
    getList: vi.fn(async (resource: string) => {
      const data = resource === 'contractors' ? CONTRACTORS : resource === 'installations/tags' ? TAGS : [];
      return { data, total: data.length };
    }),
    getInstallationReadForm: vi.fn(async (_r: string, { id }: { id: number }) => {
      if (Number(id) !== 1000) throw notFound(`/installations/${id}`);
      return READ_FORM;
    }),
    getLastInstallationRecord,
    getInstallationRequest: vi.fn(async (_r: string, { id }: { id: number }) =>
      Number(id) === 51 ? { ...REQUEST, id: 51, sensorId: null } : REQUEST,
    ),
    getSensorCurrentInstallation,
    getSensorActivityInfo: vi.fn(async (_r: string, { id }: { id: number }) => ({
      id,
      exists: true,
      active: true,
      lastContact: null,
      visible: false,
    })),
    reinstallSensor,
  };
}

function ListProbe() {
  const location = useLocation();
  return <div data-testid="list-url">{`${location.pathname}${location.search}`}</div>;
}

/** Where "back to the request" leads. */
function RequestProbe() {
  return <div data-testid="request-probe">{useLocation().pathname}</div>;
}

function renderAt(path: string) {
  return render(
    <TestAdmin path={path} dataProvider={appDataProvider(methods())}>
      <Routes>
        <Route path="/installations/reinstallation/:installationId" element={<ReinstallPage />} />
        <Route path="/installations" element={<ListProbe />} />
        <Route path="/installation-requests/:id" element={<RequestProbe />} />
      </Routes>
      <Notification />
    </TestAdmin>,
  );
}

const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
/**
 * The submit button: found by its text, then checked to be the button of that name by a role query
 * over its own box (one over the page computes the name of each of its ~20 buttons, each a
 * getComputedStyle in jsdom; the tests ask for it often).
 */
const submit = () => {
  const button = screen.getByText('Reinstall sensor', { selector: 'button' });
  return within(button.parentElement!).getByRole('button', { name: 'Reinstall sensor' });
};
const sentPayload = () => reinstallSensor.mock.calls[0]![1].payload as Record<string, unknown>;
const INVALID_FORM = 'Something is wrong with the form. Submit and see above.';

/**
 * The page has read the installation and filled the form in. The wait polls the contractor input by
 * its name (a role query on every poll computes the names of the form's fields, each a
 * getComputedStyle in jsdom); the role query then checks once that it is the labelled combobox.
 */
async function ready() {
  await waitFor(() => expect(field('latitude')).toBeTruthy(), { timeout: 5000 });
  await waitFor(() => expect(field('contractorId')?.value).toBe('[4] Four Corners'), { timeout: 5000 });
  expect(screen.getByRole('combobox', { name: /Contractor/ })).toBe(field('contractorId'));
}

/**
 * Replaces a field's text in one input (cleared, then pasted): the form's rules are under test, not
 * the keystrokes, and each key would re-render and re-validate the whole form.
 */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.paste(text);
}

beforeEach(() => {
  localStorage.clear();
  signInAs([
    'move_installation',
    'view_installations',
    'view_contractors',
    'view_installation_tags',
    'edit_installation_tags',
    'view_history_sensor',
  ]);
  reinstallSensor = vi.fn(async () => ({ installationId: 2001, sensorId: 5 }));
  getSensorCurrentInstallation = vi.fn(async (_r: string, { sensorId }: { sensorId: number }) =>
    Number(sensorId) === 5 ? 1000 : null,
  );
  getLastInstallationRecord = vi.fn(async (_r: string, { id }: { id: string }) => {
    if (id === '2000') return PREVIOUS;
    throw notFound(`/history/installations/${id}/last`);
  });
});

describe('reinstall form', () => {
  it('starts from the current installation and sends its data, without a status', async () => {
    const user = userEvent.setup();
    renderAt('/installations/reinstallation/1000');
    await ready();
    expect(screen.getByText('Reinstall sensor 5 (installation 1000)')).toBeTruthy();
    expect(field('previousInstallationId').value).toBe('1000');
    expect(field('latitude').value).toBe('50.289251');
    expect(field('longitude').value).toBe('18.666003');
    expect(screen.getByRole('checkbox', { name: 'Set Factors' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'Set Alternative Address' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Show in OpenAPI Responses' })).toHaveProperty('checked', true);
    expect(screen.queryByText(INVALID_FORM)).toBeNull();
    await user.click(submit());
    await waitFor(() => expect(reinstallSensor).toHaveBeenCalledTimes(1));
    expect(reinstallSensor.mock.calls[0]![1].installationId).toBe(1000);
    expect(sentPayload()).toEqual({
      previousInstallationId: 1000,
      lat: 50.289251,
      lon: 18.666003,
      contractorId: 4,
      visible: true,
      factors: { pm1: { A: -0.63, B: 0.952, C: -0.0003 } },
      altAddress1: 'Parking',
      altAddress2: null,
      tags: { '11': 11.7 },
    });
    expect(await screen.findByText('Successfully reinstalled sensor!')).toBeTruthy();
    expect((await screen.findByTestId('list-url')).textContent).toBe('/installations?search=2001&advanced=false');
  });

  it('shows the rules’ messages and the invalid-form text, and sends nothing', async () => {
    const user = userEvent.setup();
    renderAt('/installations/reinstallation/1000');
    await ready();
    await fill(user, field('latitude'), 'north');
    await fill(user, field('longitude'), '200');
    await fill(user, field('email'), 'nope');
    await fill(user, field('phoneNumber'), '600 000 000');
    await fill(user, screen.getByRole('textbox', { name: 'Height above ground (m)' }), 'x');
    await user.click(screen.getByRole('radio', { name: 'Hide' }));
    expect(await screen.findByText(INVALID_FORM)).toBeTruthy();
    await user.click(submit());
    expect(await screen.findByText('It must be numeric')).toBeTruthy();
    expect(screen.getByText('It must be less than 181')).toBeTruthy();
    expect(screen.getByText('Not a valid email')).toBeTruthy();
    expect(screen.getByText('Country code required (+)')).toBeTruthy();
    expect(screen.getByText('It must be a float')).toBeTruthy();
    expect(screen.getByText(INVALID_FORM)).toBeTruthy();
    expect(reinstallSensor).not.toHaveBeenCalled();

    // Fixed, the form goes: the text goes away and the payload says Hide.
    await fill(user, field('latitude'), '50,1');
    await fill(user, field('longitude'), '19.5');
    await user.clear(field('email'));
    await fill(user, field('phoneNumber'), '+48 600 000 000');
    await user.clear(screen.getByRole('textbox', { name: 'Height above ground (m)' }));
    await waitFor(() => expect(screen.queryByText(INVALID_FORM)).toBeNull());
    await user.click(submit());
    await waitFor(() => expect(reinstallSensor).toHaveBeenCalledTimes(1));
    expect(sentPayload()).toMatchObject({ lat: 50.1, lon: 19.5, visible: false, phoneNumber: '+48 600 000 000' });
    expect(sentPayload()).not.toHaveProperty('email');
    expect(sentPayload()).not.toHaveProperty('tags');
  });

  it('factors: placeholders 0/1/0, fill, clear, commas as dots, B defaults to 1, partial sets refused', async () => {
    const user = userEvent.setup();
    renderAt('/installations/reinstallation/1000');
    await ready();
    const factors = within(screen.getByTestId('reinstall-factors'));
    const input = (name: string) => factors.getByRole('textbox', { name }) as HTMLInputElement;
    expect([input('pm10 A'), input('pm10 B'), input('pm10 C')].map((i) => i.placeholder)).toEqual(['0', '1', '0']);

    await user.click(factors.getByRole('button', { name: 'Fill pm25 factors' }));
    expect([input('pm25 A'), input('pm25 B'), input('pm25 C')].map((i) => i.value)).toEqual(['0', '1', '0']);
    await user.click(factors.getByRole('button', { name: 'Clear pm1 factors' }));
    expect([input('pm1 A'), input('pm1 B'), input('pm1 C')].map((i) => i.value)).toEqual(['', '', '']);
    await user.type(input('pm10 A'), '1,5');
    expect(input('pm10 A').value).toBe('1.5');

    // pm10 has A only: C is missing (B would default to 1).
    await user.click(submit());
    expect(await screen.findByText('All factors must be filled')).toBeTruthy();
    expect(reinstallSensor).not.toHaveBeenCalled();

    await user.type(input('pm10 C'), '-0,25');
    reinstallSensor.mockRejectedValueOnce(new ApiError('response', 422, 'Refused', '/installations/1000'));
    await user.click(submit());
    await waitFor(() => expect(reinstallSensor).toHaveBeenCalledTimes(1));
    expect(sentPayload().factors).toEqual({ pm25: { A: 0, B: 1, C: 0 }, pm10: { A: 1.5, B: 1, C: -0.25 } });

    // Unticked, no factors are sent at all.
    await user.click(screen.getByRole('checkbox', { name: 'Set Factors' }));
    expect(screen.queryByTestId('reinstall-factors')).toBeNull();
    await user.click(submit());
    await waitFor(() => expect(reinstallSensor).toHaveBeenCalledTimes(2));
    expect(reinstallSensor.mock.calls[1]![1].payload).not.toHaveProperty('factors');
  });

  it('prefills from a previous installation’s last history record, and refuses one that does not load', async () => {
    const user = userEvent.setup();
    renderAt('/installations/reinstallation/1000');
    await ready();
    // An unknown installation: the field says so and the form cannot be sent.
    await user.clear(field('previousInstallationId'));
    await user.type(field('previousInstallationId'), '3000');
    expect(await screen.findByText('This installation could not be loaded', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText(INVALID_FORM)).toBeTruthy();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    await user.click(submit());
    // A minute passes at once: a submit that was going to be sent has been.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    vi.useRealTimers();
    expect(reinstallSensor).not.toHaveBeenCalled();
    expect(getLastInstallationRecord).toHaveBeenCalledWith('reinstall', expect.objectContaining({ id: '3000' }));

    await user.clear(field('previousInstallationId'));
    await user.type(field('previousInstallationId'), '2000');
    await waitFor(() => expect(field('latitude').value).toBe('52.2'), { timeout: 3000 });
    expect(field('longitude').value).toBe('21.012346');
    expect(field('fullName').value).toBe('Jan Kowalski');
    expect(field('email').value).toBe('jan@example.com');
    expect(field('phoneNumber').value).toBe('+48 111 222 333');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /Contractor/ })).toHaveProperty('value', '[9] Nine Builders'),
    );
    expect(screen.getByRole('checkbox', { name: 'Set Alternative Address' })).toHaveProperty('checked', true);
    expect(field('altAddress2').value).toBe('Gate B');
    expect(screen.getByRole('checkbox', { name: 'Set Factors' })).toHaveProperty('checked', true);
    expect((screen.getByRole('textbox', { name: 'pm10 B' }) as HTMLInputElement).value).toBe('2');
    expect((screen.getByRole('textbox', { name: 'pm1 A' }) as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('textbox', { name: 'Height above ground (m)' }) as HTMLInputElement).value).toBe('3.5');
    // The activity indicator beside the field names the previous installation's sensor.
    expect(screen.getByLabelText('Sensor 7: Active (last contact: —)').getAttribute('data-state')).toBe('active');
    expect(screen.queryByText(INVALID_FORM)).toBeNull();

    await user.click(submit());
    await waitFor(() => expect(reinstallSensor).toHaveBeenCalledTimes(1));
    expect(sentPayload()).toEqual({
      previousInstallationId: 2000,
      lat: 52.2,
      lon: 21.012346,
      contractorId: 9,
      visible: true,
      factors: { pm10: { A: 1, B: 2, C: 3 } },
      altAddress1: null,
      altAddress2: 'Gate B',
      tags: { '11': 3.5 },
      fullName: 'Jan Kowalski',
      email: 'jan@example.com',
      phoneNumber: '+48 111 222 333',
    });
  });

  it('prefills location and contact from a request, with fill buttons, and installs the request', async () => {
    const user = userEvent.setup();
    renderAt('/installations/reinstallation/null?requestId=44');
    await ready();
    // The request names sensor 5: its current installation is the one reinstalled.
    expect(getSensorCurrentInstallation).toHaveBeenCalledWith('reinstall', expect.objectContaining({ sensorId: 5 }));
    const summary = within(screen.getByTestId('reinstall-request'));
    expect(summary.getByText('Installation request 44')).toBeTruthy();
    expect(summary.getByText('Armii Krajowej 68, 02-775 Warszawa')).toBeTruthy();
    expect(field('latitude').value).toBe('52.158249');
    expect(field('longitude').value).toBe('20.999883');
    expect(field('email').value).toBe('client@example.com');
    expect(field('phoneNumber').value).toBe('+48 506 995 636');

    await user.clear(field('latitude'));
    await user.type(field('latitude'), '49');
    await user.clear(field('email'));
    await user.clear(field('phoneNumber'));
    await user.click(summary.getByRole('button', { name: 'Fill location' }));
    expect(field('latitude').value).toBe('52.158249');
    expect(field('email').value).toBe('');
    await user.click(summary.getByRole('button', { name: 'Fill contact' }));
    expect(field('email').value).toBe('client@example.com');
    expect(field('phoneNumber').value).toBe('+48 506 995 636');

    await user.click(submit());
    await waitFor(() => expect(reinstallSensor).toHaveBeenCalledTimes(1));
    expect(reinstallSensor.mock.calls[0]![1].installationId).toBe(1000);
    expect(sentPayload()).toMatchObject({
      requestId: 44,
      lat: 52.158249,
      lon: 20.999883,
      email: 'client@example.com',
      phoneNumber: '+48 506 995 636',
    });
  });

  it('sends the status only when Change Status is ticked and the status differs', async () => {
    const user = userEvent.setup();
    renderAt('/installations/reinstallation/1000');
    await ready();
    // Refused by the server, the form stays for the next try.
    const refused = () =>
      reinstallSensor.mockRejectedValueOnce(new ApiError('response', 422, 'Refused', '/installations/1000'));
    await user.click(screen.getByRole('checkbox', { name: 'Change Status' }));
    expect(screen.getByTestId('current-status').textContent).toBe('Current status: Installed');
    // Ticked, but the same status: not sent.
    refused();
    await user.click(submit());
    await waitFor(() => expect(reinstallSensor).toHaveBeenCalledTimes(1));
    expect(sentPayload()).not.toHaveProperty('status');

    await user.click(screen.getByRole('combobox', { name: /New status/ }));
    const options = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    // The current status and the ones it may change to (document 1's transitions).
    expect(options[0]).toBe('Installed');
    expect(options).toContain('Suspended');
    expect(options).not.toContain('Retired');
    await user.click(screen.getByRole('option', { name: 'Suspended' }));
    refused();
    await user.click(submit());
    await waitFor(() => expect(reinstallSensor).toHaveBeenCalledTimes(2));
    expect(reinstallSensor.mock.calls[1]![1].payload.status).toBe('Suspended');

    // Unticked again: the chosen status is not sent.
    await user.click(screen.getByRole('checkbox', { name: 'Change Status' }));
    await user.click(submit());
    await waitFor(() => expect(reinstallSensor).toHaveBeenCalledTimes(3));
    expect(reinstallSensor.mock.calls[2]![1].payload).not.toHaveProperty('status');
  });

  it('a double click sends one request; the button waits for it', async () => {
    let release!: (v: { installationId: number; sensorId: number }) => void;
    reinstallSensor.mockImplementation(() => new Promise((r) => (release = r)));
    renderAt('/installations/reinstallation/1000');
    await ready();
    fireEvent.click(submit());
    fireEvent.click(submit());
    await waitFor(() => expect(reinstallSensor).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(submit()).toHaveProperty('disabled', true));
    fireEvent.click(submit());
    release({ installationId: 2002, sensorId: 5 });
    expect((await screen.findByTestId('list-url')).textContent).toBe('/installations?search=2002&advanced=false');
    expect(reinstallSensor).toHaveBeenCalledTimes(1);
  });

  it('the null rule: the installation comes from the sensor, the location from the query', async () => {
    const user = userEvent.setup();
    renderAt('/installations/reinstallation/null?sensorId=5&latitude=51.1079&longitude=17.0385');
    await ready();
    expect(field('latitude').value).toBe('51.1079');
    expect(field('longitude').value).toBe('17.0385');
    await user.click(submit());
    await waitFor(() => expect(reinstallSensor).toHaveBeenCalledTimes(1));
    expect(reinstallSensor.mock.calls[0]![1].installationId).toBe(1000);
    expect(sentPayload()).toMatchObject({ lat: 51.1079, lon: 17.0385 });
  });

  it('the null rule without a current installation: one message (the spec’s 406 text, what it means), no banner', async () => {
    const banners: BannerError[] = [];
    const off = appEvents.on('error', (e) => banners.push(e));
    onTestFinished(off);
    renderAt('/installations/reinstallation/null?sensorId=8');
    const text = 'There is no currentInstallationId for sensor of ID 8';
    const problem = await screen.findByTestId('reinstall-problem');
    expect(problem.textContent).toContain(text);
    expect(problem.textContent).toContain('Sensor 8 is not installed anywhere at the moment');
    expect(screen.getAllByText(text)).toHaveLength(1);
    expect(banners).toEqual([]);
    expect(field('latitude')).toBeNull();
    expect(within(problem).getByRole('link', { name: 'Back to sensors' }).getAttribute('href')).toBe('/sensors');
  });

  it('installing a request whose sensor has no current installation leads back to the request', async () => {
    const user = userEvent.setup();
    const banners: BannerError[] = [];
    const off = appEvents.on('error', (e) => banners.push(e));
    onTestFinished(off);
    renderAt('/installations/reinstallation/null?requestId=44&sensorId=8');
    const problem = await screen.findByTestId('reinstall-problem');
    expect(problem.textContent).toContain('There is no currentInstallationId for sensor of ID 8');
    expect(problem.textContent).toContain('Check the sensor ID on the request, or put the request on hold');
    expect(banners).toEqual([]);
    await user.click(within(problem).getByRole('link', { name: 'Back to request 44' }));
    expect((await screen.findByTestId('request-probe')).textContent).toBe('/installation-requests/44');
  });

  it('a request without a sensor asks for one, then reinstalls that sensor’s current installation', async () => {
    const user = userEvent.setup();
    renderAt('/installations/reinstallation/null?requestId=51');
    const prompt = await screen.findByRole('textbox', { name: 'Sensor ID' });
    expect(screen.getByText('Installation request 51')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Fill location' })).toBeNull();
    await user.type(prompt, '5');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await ready();
    expect(getSensorCurrentInstallation).toHaveBeenCalledWith('reinstall', expect.objectContaining({ sensorId: 5 }));
    expect(field('latitude').value).toBe('52.158249');
    await user.click(submit());
    await waitFor(() => expect(reinstallSensor).toHaveBeenCalledTimes(1));
    expect(reinstallSensor.mock.calls[0]![1].installationId).toBe(1000);
    expect(sentPayload()).toMatchObject({ requestId: 51 });
  });

  it('typing into the fields moves the marker', async () => {
    // jsdom lays nothing out: give the map a size, so Leaflet has a view to place the marker in.
    const size = (value: number) => ({ configurable: true, get: () => value });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', size(600));
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', size(400));
    onTestFinished(() => {
      delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
      delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
    });
    const user = userEvent.setup();
    renderAt('/installations/reinstallation/1000');
    await ready();
    const map = screen.getByTestId('reinstall-map');
    const marker = map.querySelector<HTMLElement>('.leaflet-marker-icon')!;
    expect(marker).toBeTruthy();
    const before = marker.style.transform || `${marker.style.left},${marker.style.top}`;
    await user.clear(field('latitude'));
    await user.type(field('latitude'), '54.35');
    await waitFor(() => expect(map.getAttribute('data-lat')).toBe('54.35'));
    const after = marker.style.transform || `${marker.style.left},${marker.style.top}`;
    expect(after).not.toBe(before);
  });
});
