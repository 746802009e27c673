/**
 * The Gen3 binary upload form (document 2, sections 2.9, 5, 8): Module ID must be an integer from 0,
 * the description at most 255 characters (with its counter), a Contents file is required; "Upload"
 * sends the file, activates it only with "Set as active", says "Binary Uploaded!" and goes to the
 * version's page when set active, otherwise to the version's binaries; a double click uploads once.
 * For a version that does not exist the page says so instead of showing the form.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { Notification } from 'react-admin';
import { Route, Routes, useLocation } from 'react-router-dom';
import { Gen3BinaryUploadPage } from '../../src/pages/firmware/Gen3BinaryUploadPage';
import { ApiError } from '../../src/dataProviders/errors';
import { retryUnlessClientError } from '../../src/dataProviders/queryClient';
import { TestAdmin, appDataProvider, signInAs } from './support/admin';

const VERSION = '5.2.0.0';
const PATH = `/deployments/gen3/versions/${VERSION}/binaries/create`;

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname}</div>;
}

const existing = vi.fn(async () => ({ version: VERSION, description: null, createdDate: '2026-10-12T08:00:00Z' }));

function renderPage(
  upload = vi.fn(async () => ({ id: 'new-binary-id' })),
  getGen3Version: (resource: string, params: { version: string }) => Promise<object> = existing,
) {
  const activate = vi.fn(async () => ({ id: 'new-binary-id', active: true }));
  const dataProvider = appDataProvider({
    uploadGen3Binary: upload,
    activateGen3Binary: activate,
    // The version is react-admin's getOne (its number the id).
    getOne: async (r: string, { id }: { id: string }) => ({
      data: { ...(await getGen3Version(r, { version: id })), id },
    }),
  });
  render(
    <TestAdmin
      path={PATH}
      dataProvider={dataProvider}
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: retryUnlessClientError } } })}
    >
      <Routes>
        <Route path="/deployments/gen3/versions/:version/binaries/create" element={<Gen3BinaryUploadPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
      <Notification />
    </TestAdmin>,
  );
  return { upload, activate };
}

/** The form, once the version is known to exist. */
const formShown = () => screen.findByRole('textbox', { name: /Module ID/ });

const moduleInput = () => screen.getByRole('textbox', { name: /Module ID/ });
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const uploadButton = () => screen.getByRole('button', { name: /Upload/ });
const file = (bytes = 'firmware bytes') => new File([bytes], 'module.bin', { type: 'application/octet-stream' });

beforeEach(() => {
  localStorage.clear();
  signInAs(['view_versions', 'add_versions']);
});

describe('Gen3 binary upload form', () => {
  it('refuses a module that is not an integer from 0, a missing file and a long description, sending nothing', async () => {
    const user = userEvent.setup();
    const { upload } = renderPage();
    await formShown();
    await user.type(moduleInput(), '1.5');
    await user.click(uploadButton());
    expect(await screen.findByText(/Must be an integer|integer/i)).toBeTruthy();
    expect(await screen.findByText(/required/i)).toBeTruthy();
    await user.clear(moduleInput());
    await user.type(moduleInput(), '-1');
    await user.click(uploadButton());
    await waitFor(() => expect(moduleInput().getAttribute('aria-invalid')).toBe('true'));
    await user.clear(moduleInput());
    await user.type(moduleInput(), '2');
    await user.upload(fileInput(), file());
    const description = screen.getByTestId('gen3-description');
    await user.click(description);
    await user.paste('d'.repeat(256));
    await user.click(uploadButton());
    await waitFor(() => expect(description.getAttribute('aria-invalid')).toBe('true'));
    expect(upload).not.toHaveBeenCalled();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('without "Set as active": uploads only, "Binary Uploaded!", then the version’s binaries', async () => {
    const user = userEvent.setup();
    const { upload, activate } = renderPage();
    await formShown();
    await user.type(moduleInput(), '0');
    expect(screen.getByText('0/255')).toBeTruthy();
    await user.click(screen.getByTestId('gen3-description'));
    await user.paste('Main MCU build 3');
    expect(screen.getByText('16/255')).toBeTruthy();
    const f = file();
    await user.upload(fileInput(), f);
    await user.click(uploadButton());
    expect(await screen.findByText('Binary Uploaded!')).toBeTruthy();
    expect((await screen.findByTestId('where')).textContent).toBe(`/deployments/gen3/versions/${VERSION}/binaries`);
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload).toHaveBeenCalledWith('deployments/gen3/versions', {
      version: VERSION,
      module: 0,
      description: 'Main MCU build 3',
      file: f,
    });
    expect(activate).not.toHaveBeenCalled();
  });

  it('with "Set as active": uploads, activates the new binary, then the version’s page; a double click uploads once', async () => {
    const user = userEvent.setup();
    let finish: (v: { id: string }) => void = () => undefined;
    const upload = vi.fn(() => new Promise<{ id: string }>((resolve) => (finish = resolve)));
    const { activate } = renderPage(upload);
    await formShown();
    await user.type(moduleInput(), '3');
    await user.upload(fileInput(), file());
    await user.click(screen.getByRole('checkbox', { name: 'Set as active' }));
    await user.dblClick(uploadButton());
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    finish({ id: 'new-binary-id' });
    expect(await screen.findByText('Binary Uploaded!')).toBeTruthy();
    expect((await screen.findByTestId('where')).textContent).toBe(`/deployments/gen3/versions/${VERSION}`);
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0]).toMatchObject(['deployments/gen3/versions', { module: 3, description: undefined }]);
    expect(activate).toHaveBeenCalledWith('deployments/gen3/versions', { id: 'new-binary-id' });
  });

  it('says a version that does not exist was not found, with no form to fill', async () => {
    const missing = vi.fn(async () => {
      throw new ApiError('response', 404, `Gen3 version ${VERSION} does not exist`, `/versions/${VERSION}`);
    });
    const { upload } = renderPage(undefined, missing);
    expect(await screen.findByText(`Version ${VERSION} was not found.`)).toBeTruthy();
    expect(missing).toHaveBeenCalledWith('deployments/gen3/versions', expect.objectContaining({ version: VERSION }));
    expect(screen.queryByRole('textbox', { name: /Module ID/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Upload/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Versions' }).getAttribute('href')).toBe('/deployments/gen3/versions');
    expect(upload).not.toHaveBeenCalled();
  });
});
