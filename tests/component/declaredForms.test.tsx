/**
 * The generic forms built from a declaration (src/resources/ResourceForm.tsx), on sensor models:
 * one input per form field, labelled from the declaration; the write schema's messages show before
 * any request (too long, missing); a double click sends one create with the trimmed values; a
 * refusal of the server shows in the form; the edit form sends the form fields of the record.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { Notification, ResourceDefinitionContextProvider, useLocaleState } from 'react-admin';
import { Route, Routes, useLocation } from 'react-router-dom';
import { WRITE_MESSAGES, formFields, sensorModel } from '../../common/entities';
import { ApiError } from '../../src/dataProviders/errors';
import { i18nProvider } from '../../src/i18n';
import { ResourceCreate, ResourceEdit } from '../../src/resources/ResourceForm';
import { ResourceList } from '../../src/resources/ResourceList';
import { TestAdmin, appDataProvider, signInAs } from './support/admin';

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

/** Switches the console to Polish once mounted. */
function Polish() {
  const [, setLocale] = useLocaleState();
  useEffect(() => setLocale('pl'), [setLocale]);
  return null;
}

function renderAt(path: string, methods: Parameters<typeof appDataProvider>[0], polish = false) {
  render(
    <TestAdmin path={path} dataProvider={appDataProvider(methods)}>
      {polish && <Polish />}
      <Routes>
        <Route path="/sensor-models/create" element={<ResourceCreate entity={sensorModel} />} />
        <Route path="/sensor-models/:id" element={<ResourceEdit entity={sensorModel} />} />
        <Route path="*" element={<Where />} />
      </Routes>
      <Notification />
    </TestAdmin>,
  );
}

const input = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(input('Model'), '  AQ-9 Test  ');
  await user.type(input('Manufacturer'), 'Airly');
  fireEvent.mouseDown(screen.getByRole('combobox', { name: /Communication/ }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'LORA' }));
  await user.type(input('Measured parameters'), 'pm25, pm10');
  await user.type(input('Firmware family'), 'gen3');
  // The day typed as a user types it: the first section of the field, then its digits.
  await user.click(within(screen.getByRole('group', { name: /^Introduced/ })).getAllByRole('spinbutton')[0]!);
  for (const digit of '20250304') await user.keyboard(digit);
}

beforeEach(async () => {
  localStorage.clear();
  signInAs(['view_sensors', 'add_sensors']);
  // The catalogue provider is one for the module: a test in Polish leaves it so.
  await i18nProvider.changeLocale('en');
});

describe('generic create form of sensor models', () => {
  it('renders one labelled input per form field', async () => {
    renderAt('/sensor-models/create', {});
    await screen.findByLabelText(/^Model/);
    for (const f of formFields(sensorModel, 'create'))
      if (f.type === 'enum') expect(screen.getByRole('combobox', { name: new RegExp(f.label) })).toBeTruthy();
      else if (f.type === 'date') expect(screen.getByRole('group', { name: new RegExp(`^${f.label}`) })).toBeTruthy();
      else expect(screen.getByLabelText(new RegExp(`^${f.label}`)), f.name).toBeTruthy();
    expect(formFields(sensorModel, 'create')).toHaveLength(7);
  });

  it('shows the write schema messages without a request: a value too long, a missing value', async () => {
    const user = userEvent.setup();
    const create = vi.fn();
    renderAt('/sensor-models/create', { create });
    await user.click(await screen.findByLabelText(/^Model/));
    await user.paste('x'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(WRITE_MESSAGES.tooLong('Model', 100))).toBeTruthy();
    expect(screen.getByText(WRITE_MESSAGES.required('Manufacturer'))).toBeTruthy();
    expect(screen.getByText(WRITE_MESSAGES.required('Introduced'))).toBeTruthy();
    expect(input('Model').getAttribute('aria-invalid')).toBe('true');
    expect(create).not.toHaveBeenCalled();
  });

  it("words the schema's messages in the user's language, with the field's translated label", async () => {
    const user = userEvent.setup();
    const create = vi.fn();
    renderAt('/sensor-models/create', { create }, true);
    await user.click(await screen.findByLabelText(/^Producent/));
    await user.paste('x'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Pole „Producent” może mieć najwyżej 100 znaków')).toBeTruthy();
    expect(screen.getByText('Pole „Model” jest wymagane')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it('sends one create per double click, with the trimmed values, then says so and opens the list', async () => {
    const user = userEvent.setup();
    let finish: (v: unknown) => void = () => undefined;
    const create = vi.fn(() => new Promise((resolve) => (finish = resolve)));
    renderAt('/sensor-models/create', { create });
    await screen.findByLabelText(/^Model/);
    await fillValid(user);
    const save = screen.getByRole('button', { name: 'Save' });
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]).toEqual([
      'sensor-models',
      {
        data: {
          name: 'AQ-9 Test',
          manufacturer: 'Airly',
          communication: 'LORA',
          parameters: 'pm25, pm10',
          firmwareFamily: 'gen3',
          introducedOn: '2025-03-04',
          inProduction: false,
        },
        meta: { refusalsInForm: true },
      },
    ]);
    finish({ data: { id: 8, name: 'AQ-9 Test' } });
    expect(await screen.findByText('Element created')).toBeTruthy();
    expect((await screen.findByTestId('where')).textContent).toBe('/sensor-models');
    expect(create).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal in the form: on the field it names, or above the inputs", async () => {
    const user = userEvent.setup();
    const create = vi
      .fn()
      .mockRejectedValueOnce(new ApiError('response', 400, 'Invalid body: name: Model is off', '/sensor-models'))
      .mockRejectedValueOnce(
        new ApiError('response', 409, 'Model: another record already has this value', '/sensor-models'),
      );
    renderAt('/sensor-models/create', { create });
    await screen.findByLabelText(/^Model/);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Model is off')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('form-error')).textContent).toBe('Model: another record already has this value');
    expect(create).toHaveBeenCalledTimes(2);
  });
});

describe('generic edit form of sensor models', () => {
  it("starts from the record and sends its form fields only, after the schema's checks", async () => {
    const user = userEvent.setup();
    const record = {
      id: 3,
      name: 'AQ-3 Gas',
      manufacturer: 'Airly',
      communication: 'NBIOT',
      parameters: 'pm1, no2',
      firmwareFamily: 'gen3',
      introducedOn: '2022-02-21',
      inProduction: true,
    };
    const getOne = vi.fn(async () => ({ data: record }));
    const update = vi.fn(async (_r: string, p: { data: object }) => ({ data: { ...record, ...p.data } }));
    renderAt('/sensor-models/3', { getOne, update });
    await waitFor(() => expect(input('Model').value).toBe('AQ-3 Gas'));
    await user.clear(input('Manufacturer'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(WRITE_MESSAGES.required('Manufacturer'))).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
    await user.type(input('Manufacturer'), 'Airly Labs ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    const { id: _id, ...fields } = record;
    expect(update.mock.calls[0]![1]).toMatchObject({
      id: 3,
      data: { ...fields, manufacturer: 'Airly Labs' },
      meta: { refusalsInForm: true },
    });
    expect(await screen.findByText('Element updated')).toBeTruthy();
  });
});

describe('generic list of sensor models: Create and the row click, where the user may', () => {
  const definitions = {
    'sensor-models': { name: 'sensor-models', hasList: true, hasCreate: true, hasEdit: true, hasShow: true },
  };
  const ROW = { id: 4, name: 'AQ-3 Gas', manufacturer: 'Airly', communication: 'NBIOT', inProduction: true };
  function renderList() {
    const getList = vi.fn(async () => ({ data: [ROW], total: 1 }));
    render(
      <TestAdmin path="/sensor-models" dataProvider={appDataProvider({ getList })}>
        <ResourceDefinitionContextProvider definitions={definitions}>
          <Routes>
            <Route path="/sensor-models" element={<ResourceList entity={sensorModel} title="Sensor Models" />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </ResourceDefinitionContextProvider>
      </TestAdmin>,
    );
  }

  it('offers Create and opens the edit form on a row click to a user who may add and edit', async () => {
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByText('AQ-3 Gas'));
    expect((await screen.findByTestId('where')).textContent).toBe('/sensor-models/4');
  });

  it('offers the Create button to a user who may add', async () => {
    renderList();
    await screen.findByText('AQ-3 Gas');
    expect(screen.getByRole('link', { name: 'Create' }).getAttribute('href')).toBe('/sensor-models/create');
  });

  it('shows no Create to a user who may only list, and a row click opens the show screen', async () => {
    signInAs(['view_sensors']);
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByText('AQ-3 Gas'));
    expect((await screen.findByTestId('where')).textContent).toBe('/sensor-models/4/show');
    expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
  });
});
