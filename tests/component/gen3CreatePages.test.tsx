/**
 * The Gen3 version and deployment create pages (document 2, sections 2.9, 8): the version form
 * sends the version and the trimmed description, says "Created a new gen3 version!" and opens that
 * version; a refusal naming the version shows on its field. The deployment form sends one request
 * per double click with an idempotency key, a new key after a failure, then "Created a new
 * deployment!" and the deployments list.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification } from 'react-admin';
import { Route, Routes, useLocation } from 'react-router-dom';
import { Gen3DeploymentCreatePage } from '../../src/pages/firmware/Gen3DeploymentCreatePage';
import { Gen3VersionCreatePage } from '../../src/pages/firmware/Gen3VersionCreatePage';
import { ApiError } from '../../src/dataProviders/errors';
import { TestAdmin, appDataProvider, signInAs } from './support/admin';

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname}</div>;
}

function renderAt(path: string, page: React.ReactElement, methods: Parameters<typeof appDataProvider>[0]) {
  render(
    <TestAdmin path={path} dataProvider={appDataProvider(methods)}>
      <Routes>
        <Route path={path} element={page} />
        <Route path="*" element={<Where />} />
      </Routes>
      <Notification />
    </TestAdmin>,
  );
}

beforeEach(() => {
  localStorage.clear();
  signInAs(['view_versions', 'add_versions', 'view_deployments', 'add_deployments']);
});

describe('Gen3 version create page', () => {
  const PATH = '/deployments/gen3/versions/create';
  const versionInput = () => screen.getByRole('textbox', { name: /Version/ });

  it('shows a refusal naming the version on its field, then creates the version and opens it', async () => {
    const user = userEvent.setup();
    const create = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError('response', 400, 'Invalid body: version: Version already taken', '/gen3/versions'),
      )
      .mockResolvedValueOnce({ data: { id: '5.3.0.0', version: '5.3.0.0' } });
    renderAt(PATH, <Gen3VersionCreatePage />, { create });
    await user.type(versionInput(), '5.3.0.0');
    await user.click(screen.getByTestId('gen3-description'));
    await user.paste('  First build  ');
    await user.click(screen.getByRole('button', { name: 'Create version' }));
    expect(await screen.findByText('Version already taken')).toBeTruthy();
    expect(versionInput().getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Create version' }));
    expect(await screen.findByText('Created a new gen3 version!')).toBeTruthy();
    expect((await screen.findByTestId('where')).textContent).toBe('/deployments/gen3/versions/5.3.0.0');
    expect(create).toHaveBeenCalledTimes(2);
    expect(create.mock.calls[1]).toEqual([
      'deployments/gen3/versions',
      expect.objectContaining({ data: { version: '5.3.0.0', description: 'First build' } }),
    ]);
  });
});

describe('Gen3 deployment create page', () => {
  const PATH = '/deployments/gen3/create';

  it('sends one request per double click, with a new idempotency key after a failure', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const createGen3Deployment = vi
      .fn()
      .mockRejectedValueOnce(new ApiError('response', 422, 'Sensor 42 is quarantined', '/gen3/deployments'))
      .mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)));
    const getAllGen3Versions = vi.fn(async () => [{ version: '5.2.0.0' }, { version: '5.3.0.0' }]);
    renderAt(PATH, <Gen3DeploymentCreatePage />, { createGen3Deployment, getAllGen3Versions });
    await user.type(screen.getByRole('textbox', { name: /Sensor ID/ }), '42');
    await user.click(screen.getByRole('combobox', { name: /Version/ }));
    await user.click(await screen.findByRole('option', { name: '5.3.0.0' }));
    await user.click(screen.getByRole('button', { name: 'Create deployment' }));
    await waitFor(() => expect(createGen3Deployment).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('where')).toBeNull();
    await user.dblClick(screen.getByRole('button', { name: 'Create deployment' }));
    await waitFor(() => expect(createGen3Deployment).toHaveBeenCalledTimes(2));
    finish();
    expect(await screen.findByText('Created a new deployment!')).toBeTruthy();
    expect((await screen.findByTestId('where')).textContent).toBe('/deployments/gen3');
    expect(createGen3Deployment).toHaveBeenCalledTimes(2);
    const [first, second] = createGen3Deployment.mock.calls.map((c) => c[1]);
    expect(first).toMatchObject({ sensorId: 42, version: '5.3.0.0' });
    expect(second).toMatchObject({ sensorId: 42, version: '5.3.0.0' });
    expect(first.idempotencyKey).toEqual(expect.any(String));
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
  });

  it('offers the versions with no blank first option', async () => {
    const user = userEvent.setup();
    const getAllGen3Versions = vi.fn(async () => [{ version: '5.2.0.0' }, { version: '5.3.0.0' }]);
    renderAt(PATH, <Gen3DeploymentCreatePage />, { getAllGen3Versions });
    await user.click(await screen.findByRole('combobox', { name: /Version/ }));
    await screen.findByRole('option', { name: '5.2.0.0' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['5.2.0.0', '5.3.0.0']);
  });
});
