/**
 * The deployment row actions, shared by GSM and Wi-Fi through the family descriptor: Halt for a
 * Rolling deployment with halt_deployments, Delete for one holding blocked sensors with
 * free_deployments, each after a confirmation and sent to the family's own updater.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordContextProvider } from 'react-admin';
import { DeploymentActions } from '../../src/resources/firmware/DeploymentActions';
import { GSM_FAMILY, WIFI_FAMILY, type DeploymentFamilyUi } from '../../src/resources/firmware/deploymentFamilies';
import type { Deployment } from '../../src/resources/firmware/types';
import { TestAdmin, appDataProvider, signInAs } from './support/admin';

const deployment = (over: Partial<Deployment>): Deployment => ({
  id: 7,
  sensors: [1, 2],
  version: 'abc',
  status: 'Rolling',
  from_date: '2026-11-20T10:00:00.000Z',
  till_date: null,
  at_once: 1,
  spacing: 60,
  test_time: 3600,
  blocked_sensors: [],
  allow_failed: false,
  ...over,
});

function renderActions(family: DeploymentFamilyUi, record: Deployment, methods: Record<string, unknown>) {
  return render(
    <TestAdmin dataProvider={appDataProvider(methods)}>
      <RecordContextProvider value={record}>
        <DeploymentActions family={family} />
      </RecordContextProvider>
    </TestAdmin>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('DeploymentActions', () => {
  it('halts a rolling Wi-Fi deployment through the Wi-Fi updater after confirming', async () => {
    signInAs(['view_deployments', 'halt_deployments', 'free_deployments']);
    const haltWifiDeployment = vi.fn(async () => ({ id: 7, status: 'Halted' }));
    const haltGsmDeployment = vi.fn();
    renderActions(WIFI_FAMILY, deployment({}), { haltWifiDeployment, haltGsmDeployment });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Halt deployment 7' }));
    expect(screen.queryByRole('button', { name: 'Delete deployment 7' })).toBeNull(); // nothing blocked
    await user.click(await screen.findByRole('button', { name: 'Halt' }));
    await waitFor(() => expect(haltWifiDeployment).toHaveBeenCalledWith('deployments/wifi', { id: 7 }));
    expect(haltGsmDeployment).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('deletes a halted GSM or Wi-Fi deployment with blocked sensors as its own resource', async () => {
    for (const family of [WIFI_FAMILY, GSM_FAMILY]) {
      signInAs(['view_deployments', 'free_deployments']);
      const remove = vi.fn(async () => ({ data: { id: 8 } }));
      const { unmount } = renderActions(family, deployment({ id: 8, status: 'Halted', blocked_sensors: [2] }), {
        delete: remove,
      });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Delete deployment 8' }));
      expect(screen.getByText(/Its blocked sensors \(2\) are freed/)).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(remove).toHaveBeenCalledWith(family.resource, expect.objectContaining({ id: 8 })));
      unmount();
    }
  });

  it('offers nothing without halt_deployments and free_deployments', async () => {
    signInAs(['view_deployments']);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // A Rolling deployment could be halted; a halted one holding blocked sensors, deleted.
    for (const status of ['Rolling', 'Halted'] as const) {
      const { unmount } = renderActions(WIFI_FAMILY, deployment({ status, blocked_sensors: [1] }), {});
      // A minute passes at once: whatever loads in the background (permissions, data) has answered.
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(screen.queryByRole('button'), status).toBeNull();
      unmount();
    }
  });
});
