/** The address editors of an installation (country, state, city): they open empty, search and save a place. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordContextProvider } from 'react-admin';
import type { Place } from '../../common/places';
import { AddressEditor } from '../../src/resources/installations/editors/AddressEditor';
import type { Installation } from '../../src/resources/installations/types';
import { TestAdmin, appDataProvider, signInAs } from './support/admin';

const installation: Installation = {
  id: 1,
  installationId: 12,
  sensorId: 7,
  installationRequestId: null,
  latitude: 50.06,
  longitude: 19.96,
  isVisible: true,
  measured: ['pm25'],
  country: 'Poland',
  countryId: 'R49715',
  state: null,
  stateId: null,
  city: null,
  cityId: null,
};

const lesserPoland: Place = {
  osmId: 'R130957',
  kind: 'state',
  name: 'Lesser Poland Voivodeship',
  nameLocal: 'województwo małopolskie',
  parentId: 'R49715',
  lat: 50,
  lon: 20,
};

const searchPlaces = vi.fn();
/** The provider's `update` (`meta: { action: 'address', part }`: PATCH /installations/{id}/address). */
const update = vi.fn();

function renderEditor(part: 'country' | 'state' | 'city') {
  return render(
    <TestAdmin dataProvider={appDataProvider({ searchPlaces, update })}>
      <RecordContextProvider value={installation}>
        <AddressEditor part={part} canEdit />
      </RecordContextProvider>
    </TestAdmin>,
  );
}

beforeEach(() => {
  searchPlaces.mockReset();
  update.mockReset();
  signInAs(['view_installations', 'edit_address']);
  searchPlaces.mockImplementation(async (_resource: string, { search }: { search?: string }) =>
    !search || 'lesser poland voivodeship'.includes(search.toLowerCase()) ? [lesserPoland] : [],
  );
});

describe('AddressEditor', () => {
  it.each(['country', 'state', 'city'] as const)('opens the %s editor with an empty input', async (part) => {
    const user = userEvent.setup();
    renderEditor(part);
    await user.click(screen.getByRole('button', { name: new RegExp(`^Edit .* of installation 12$`, 'i') }));
    const input = await screen.findByRole('combobox');
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('searches what was typed, not "undefined" plus it, and saves the chosen place', async () => {
    const user = userEvent.setup();
    update.mockResolvedValue({ data: { id: 1, state: lesserPoland.name, stateLocal: lesserPoland.nameLocal } });
    renderEditor('state');
    await user.click(screen.getByRole('button', { name: /^Edit .* of installation 12$/i }));
    const input = await screen.findByRole('combobox');
    // The input has the focus as the dialog opens (autoFocus): type straight away, as staff do.
    await waitFor(() => expect(document.activeElement).toBe(input));
    await user.keyboard('Lesser');
    expect((input as HTMLInputElement).value).toBe('Lesser');
    await waitFor(() =>
      expect(searchPlaces).toHaveBeenLastCalledWith('installations', expect.objectContaining({ search: 'Lesser' })),
    );
    await user.click(await screen.findByRole('option', { name: /Lesser Poland Voivodeship/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith('installations', {
        id: 1,
        data: { stateId: 'R130957' },
        previousData: installation,
        meta: { action: 'address', part: 'state' },
      }),
    );
    expect(screen.queryByText('It is required')).toBeNull();
  });
});
