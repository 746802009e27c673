/**
 * The single installation request (document 2, sections 2.4, 4, 8): the actions its state allows
 * and only with modify_installation_requests (Hold, Reject after a confirmation, Install into the
 * reinstall form), 'Request state changed'; staff notes saved as typed ('The notes were saved'),
 * read-only without the permission; an image refused before sending when it is not an image; the
 * images shown as thumbnails opening the full image through their signed links, read again a minute
 * before those links expire (fake timers).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Notification } from 'react-admin';
import { Route, Routes, useLocation } from 'react-router-dom';
import { RequestPage } from '../../src/resources/installationRequests/RequestPage';
import type { InstallationRequestRecord } from '../../src/resources/installationRequests/types';
import { TestAdmin, appDataProvider, signInAs } from './support/admin';

const MODIFY = ['view_installation_requests', 'modify_installation_requests', 'move_installation'];

const request = (over: Partial<InstallationRequestRecord> = {}): InstallationRequestRecord => ({
  id: 7,
  sensorId: 1130,
  requestType: 'REINSTALLATION',
  clientType: 'PARTNER',
  createdAt: '2026-10-01T10:00:00Z',
  updatedAt: '2026-10-02T10:00:00Z',
  address: 'Ogrodowa 30, 30-221 Kraków',
  location: null,
  locationFromAddress: false,
  email: 'client@example.com',
  phone: '+48 600 100 200',
  language: 'pl',
  images: [],
  contractorId: null,
  contractorName: null,
  contractorLogo: null,
  contractorLink: null,
  notes: 'Please call before arrival.',
  staffNotes: 'Old note',
  state: 'WAITING',
  ...over,
});

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

function renderPage(record: InstallationRequestRecord, methods: Record<string, unknown> = {}) {
  const getOne = vi.fn(async () => ({ data: record }));
  const dataProvider = appDataProvider({ getOne, ...methods });
  render(
    <TestAdmin path={`/installation-requests/${record.id}`} dataProvider={dataProvider}>
      <Routes>
        <Route path="/installation-requests/:requestId" element={<RequestPage />} />
        <Route path="/installations/reinstallation/:installationId" element={<Where />} />
      </Routes>
      <Notification />
    </TestAdmin>,
  );
  return { getOne };
}

const button = (name: string) => screen.queryByRole('button', { name });

beforeEach(() => {
  localStorage.clear();
  signInAs(MODIFY);
});

describe('state-dependent actions', () => {
  it('WAITING offers Reject, Hold and Install; HOLD offers Reject and Install; DONE and REJECTED none', async () => {
    const cases: [InstallationRequestRecord['state'], string[]][] = [
      ['WAITING', ['Reject', 'Hold', 'Install']],
      ['HOLD', ['Reject', 'Install']],
      ['DONE', []],
      ['REJECTED', []],
    ];
    for (const [state, offered] of cases) {
      const view = renderPage(request({ state }));
      expect(await screen.findByText('Installation request 7', { selector: 'h1' })).toBeTruthy();
      await screen.findByText('Please call before arrival.');
      for (const name of ['Reject', 'Hold', 'Install'])
        expect(Boolean(button(name)), `${state}: ${name}`).toBe(offered.includes(name));
      if (offered.length === 0) expect(screen.getByTestId('request-no-actions')).toBeTruthy();
      expect(view.getOne).toHaveBeenCalled();
      cleanup();
    }
  });

  it('offers nothing, and shows the staff notes read-only, without modify_installation_requests', async () => {
    signInAs(['view_installation_requests']);
    renderPage(request());
    expect(await screen.findByText('Old note')).toBeTruthy();
    for (const name of ['Reject', 'Hold', 'Install', 'Save notes']) expect(button(name)).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Staff notes' })).toBeNull();
    expect(button('Upload image')).toBeNull();
  });

  it('Hold sends HOLD once and says so', async () => {
    const update = vi.fn(async () => ({ data: { id: 7, state: 'HOLD' } }));
    renderPage(request(), { update });
    fireEvent.click(await screen.findByRole('button', { name: 'Hold' }));
    fireEvent.click(screen.getByRole('button', { name: 'Hold' }));
    expect(await screen.findByText('Request state changed')).toBeTruthy();
    expect(update).toHaveBeenCalledTimes(1);
    expect(update).toHaveBeenCalledWith(
      'installation-requests',
      expect.objectContaining({ id: 7, data: { state: 'HOLD' }, meta: { action: 'state' } }),
    );
  });

  it('Reject asks for confirmation first; cancelling sends nothing, confirming sends REJECTED', async () => {
    const update = vi.fn(async () => ({ data: { id: 7, state: 'REJECTED' } }));
    renderPage(request({ state: 'HOLD' }), { update });
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Reject installation request 7?')).toBeTruthy();
    expect(within(dialog).getByText(/cannot be undone/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /Cancel/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(update).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Request state changed')).toBeTruthy();
    expect(update).toHaveBeenCalledWith(
      'installation-requests',
      expect.objectContaining({ id: 7, data: { state: 'REJECTED' }, meta: { action: 'state' } }),
    );
  });

  it('Install opens the reinstall form with the request and its sensor', async () => {
    renderPage(request({ state: 'HOLD' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Install' }));
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/installations/reinstallation/null?requestId=7&sensorId=1130',
    );
  });

  it('Install is not offered without move_installation (the reinstall form would be refused)', async () => {
    signInAs(['view_installation_requests', 'modify_installation_requests']);
    renderPage(request());
    expect(await screen.findByRole('button', { name: 'Hold' })).toBeTruthy();
    expect(button('Install')).toBeNull();
  });
});

describe('staff notes', () => {
  it('saves the notes as typed, enabled only after a change, and says so', async () => {
    const update = vi.fn(async () => ({ data: { id: 7, staffNotes: 'Ladder needed.\nCall first.' } }));
    renderPage(request(), { update });
    const input = await screen.findByRole('textbox', { name: 'Staff notes' });
    expect((input as HTMLTextAreaElement).value).toBe('Old note');
    expect((button('Save notes') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'Ladder needed.\nCall first.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save notes' }));
    expect(await screen.findByText('The notes were saved')).toBeTruthy();
    expect(update).toHaveBeenCalledTimes(1);
    expect(update).toHaveBeenCalledWith(
      'installation-requests',
      expect.objectContaining({
        id: 7,
        data: { staffNotes: 'Ladder needed.\nCall first.' },
        meta: { action: 'notes' },
      }),
    );
    // The submitted notes stay read-only text.
    expect(screen.getByTestId('request-notes').textContent).toBe('Please call before arrival.');
  });
});

describe('image upload', () => {
  it('refuses a file that is not an image before sending it', async () => {
    signInAs([...MODIFY, 'add_installation_requests_images']);
    const addRequestImage = vi.fn();
    renderPage(request(), { addRequestImage });
    const input = await screen.findByTestId('request-image-input');
    const fake = new File(['<script>alert(1)</script>'], 'photo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [fake] } });
    expect(await screen.findByText('The image must be a JPEG, PNG or WebP file')).toBeTruthy();
    expect(addRequestImage).not.toHaveBeenCalled();
  });
});

describe('images', () => {
  afterEach(() => vi.useRealTimers());

  const signedLink = (hash: string, expiresMs: number) =>
    `/api/files/image/${hash.repeat(64)}?expires=${Math.floor(expiresMs / 1000)}&signature=sig-${hash}`;

  it('shows each image through its signed link and reads the request again a minute before the links expire', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const now = Date.now();
    const first = request({
      images: [
        { link: signedLink('a', now + 40 * 60_000), location: 'Roof' },
        { link: signedLink('b', now + 40 * 60_000), location: null },
      ],
    });
    const fresh = request({
      images: [
        { link: signedLink('a', now + 80 * 60_000), location: 'Roof' },
        { link: signedLink('b', now + 80 * 60_000), location: null },
      ],
    });
    const { getOne } = renderPage(first);
    getOne.mockImplementation(async () => ({ data: fresh }));
    const thumbnail = await screen.findByRole('img', { name: 'Image 1 of installation request 7' });
    expect(thumbnail.getAttribute('src')).toBe(first.images[0]!.link);
    expect(thumbnail.closest('a')!.getAttribute('href')).toBe(first.images[0]!.link);
    expect(screen.getByText('Roof')).toBeTruthy();
    expect(getOne).toHaveBeenCalledTimes(1);

    await act(() => vi.advanceTimersByTimeAsync(38 * 60_000));
    expect(getOne).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await waitFor(() => expect(getOne).toHaveBeenCalledTimes(2));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Image 1 of installation request 7' }).getAttribute('src')).toBe(
        fresh.images[0]!.link,
      ),
    );
  });
});
