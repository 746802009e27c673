/**
 * The GSM and Wi-Fi deployments list's actions column: shown to a user who may halt or delete
 * deployments, left out for one who may do neither (a viewer saw an empty Actions column).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { DeploymentList } from '../../src/resources/firmware/DeploymentList';
import { GSM_FAMILY, WIFI_FAMILY } from '../../src/resources/firmware/deploymentFamilies';
import type { Deployment } from '../../src/resources/firmware/types';
import { TestAdmin, appDataProvider, signInAs } from './support/admin';

const DEPLOYMENT: Deployment = {
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
};

/** The first render of a list loads much of react-admin: slow on a busy machine. */
const FIRST_RENDER = { timeout: 5000 };

function renderList(family = GSM_FAMILY) {
  const getList = vi.fn(async () => ({ data: [DEPLOYMENT], total: 1 }));
  render(
    <TestAdmin path={family.path} dataProvider={appDataProvider({ getList })}>
      <DeploymentList family={family} />
    </TestAdmin>,
  );
}

const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent?.trim());

afterEach(() => localStorage.clear());

describe('DeploymentList actions column', () => {
  it('is left out for a user who may neither halt nor delete', async () => {
    signInAs(['view_deployments']);
    renderList();
    await screen.findByRole('cell', { name: '7' }, FIRST_RENDER);
    expect(headers()).toContain('Status');
    expect(headers()).not.toContain('Actions');
  });

  it('shows with halt_deployments, with the Halt button of a rolling deployment', async () => {
    signInAs(['view_deployments', 'halt_deployments']);
    renderList(WIFI_FAMILY);
    expect(await screen.findByRole('button', { name: 'Halt deployment 7' }, FIRST_RENDER)).toBeTruthy();
    expect(headers()).toContain('Actions');
  });

  it('shows with free_deployments alone', async () => {
    signInAs(['view_deployments', 'free_deployments']);
    renderList();
    await screen.findByRole('cell', { name: '7' }, FIRST_RENDER);
    expect(headers()).toContain('Actions');
  });
});
