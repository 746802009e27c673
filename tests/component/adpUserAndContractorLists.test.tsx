/**
 * The developer-portal users and contractors lists (document 2, sections 2.5, 2.6, 6, 9): the
 * first page in the entity's first page size and default sort, filtered by the toolbar search
 * from the URL (plain for users, plain or advanced for contractors); create only with its
 * permission beside columns, refresh and the server export (with the search and the order); long
 * texts cut with the whole value as the hover title; "No matches found." for a search with no rows.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdpUserList } from '../../src/resources/adpUsers/AdpUserList';
import { ContractorList } from '../../src/resources/contractors/ContractorList';
import { TestAdmin, appDataProvider, signInAs } from './support/admin';

const USER = {
  id: 12,
  nickname: 'Ada Nowak',
  email: 'ada.with.a.rather.long.address@example.org',
  status: 'ENABLED',
  type: 'CLIENT',
  reason: null,
  accessCount: 2,
  plan: { name: 'PLAN_ADVANCED', displayName: 'Advanced' },
  trial: null,
  contractorId: 3,
  contractorName: 'Zielony',
  endOfDeal: null,
  companyOwner: 'Jan Kowalski',
};
const CONTRACTOR = {
  id: 3,
  name: 'Zielony',
  type: 'CLIENT',
  logo: null,
  link: 'https://zielony.example.org',
  hsId: null,
  hsName: null,
  companyOwner: null,
  companyState: null,
  endOfDeal: null,
  customSla: false,
  activeSubscriptions: 1,
  currentInstallations: 4,
  createdAt: '2024-01-01T00:00:00Z',
  tags: {},
};

/** The first render of a list loads much of react-admin: slow on a busy machine. */
const FIRST_RENDER = { timeout: 5000 };
const getList = vi.fn();
const exportAdpUsers = vi.fn(async (_r: string, _p: unknown) => new Response('id\n12\n'));
const getAdpPlans = vi.fn(async () => [
  { name: 'PLAN_ADVANCED', displayName: 'Advanced' },
  { name: 'PLAN_EMPTY', displayName: 'Empty' },
]);
const renderAt = (ui: React.ReactElement, path: string) =>
  render(
    <TestAdmin path={path} dataProvider={appDataProvider({ getList, exportAdpUsers, getAdpPlans })}>
      {ui}
    </TestAdmin>,
  );
const create = (name: string) => screen.queryByRole('link', { name });
const buttons = () => screen.getAllByRole('button').map((b) => b.textContent?.trim() || b.getAttribute('aria-label'));

beforeEach(() => {
  localStorage.clear();
  getList.mockReset();
  exportAdpUsers.mockClear();
});

describe('AdpUserList', () => {
  it('names the plan after a trial by its display name, not its raw name', async () => {
    signInAs(['view_panel_users', 'view_plans']);
    const trial = { trialPlanName: 'PLAN_ADVANCED', postTrialPlanName: 'PLAN_EMPTY', endDate: '2026-12-10' };
    getList.mockResolvedValue({ data: [{ ...USER, trial }], total: 1 });
    renderAt(<AdpUserList />, '/adp-users');
    expect(await screen.findByText('Trial until 2026-12-10, then Empty', {}, FIRST_RENDER)).toBeTruthy();
    expect(screen.queryByText(/PLAN_EMPTY/)).toBeNull();
  });

  it('asks for the first 20 by id, with the toolbar search, and offers create with its permission', async () => {
    signInAs(['view_panel_users', 'add_panel_users', 'view_contractors_adp_users', 'view_plans']);
    getList.mockResolvedValue({ data: [USER], total: 1 });
    renderAt(<AdpUserList />, '/adp-users?search=Ada');
    expect((await screen.findByText('Ada Nowak', {}, FIRST_RENDER)).getAttribute('title')).toBe('Ada Nowak');
    expect(screen.getByTitle(USER.email)).toBeTruthy();
    expect(screen.getByTitle('Jan Kowalski')).toBeTruthy();
    expect(getList).toHaveBeenCalledWith(
      'adp-users',
      expect.objectContaining({
        pagination: { page: 1, perPage: 20 },
        sort: { field: 'id', order: 'ASC' },
        filter: { search: 'Ada' },
      }),
    );
    expect(create('Add panel user')).toBeTruthy();
    expect(buttons()).toEqual(expect.arrayContaining(['Columns', 'Refresh', 'Export']));
    // The server export: the toolbar search and the list's order.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(exportAdpUsers).toHaveBeenCalledTimes(1));
    expect(exportAdpUsers.mock.calls[0]).toEqual(['adp-users', { search: 'Ada', sortBy: 'id', order: 'asc' }]);
  });

  it('has no create button without add_panel_users, and says when a search matched nothing', async () => {
    signInAs(['view_panel_users']);
    getList.mockResolvedValue({ data: [], total: 0 });
    renderAt(<AdpUserList />, '/adp-users?search=nobody');
    expect((await screen.findByTestId('list-empty', {}, FIRST_RENDER)).textContent).toBe('No matches found.');
    expect(create('Add panel user')).toBeNull();
    expect(buttons()).toEqual(expect.arrayContaining(['Columns', 'Refresh', 'Export']));
  });
});

describe('ContractorList', () => {
  it('asks for the first 10 by id, with the advanced search, and offers create with its permission', async () => {
    signInAs(['view_contractors', 'add_contractors']);
    getList.mockResolvedValue({ data: [CONTRACTOR], total: 1 });
    renderAt(<ContractorList />, '/contractors?search=type%3DCLIENT&advanced=true');
    expect(await screen.findByText('Zielony', {}, FIRST_RENDER)).toBeTruthy();
    expect(getList).toHaveBeenCalledWith(
      'contractors',
      expect.objectContaining({
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'id', order: 'ASC' },
        filter: { search: 'type=CLIENT', advanced: true },
      }),
    );
    expect(create('Add contractor')).toBeTruthy();
    expect(buttons()).toEqual(expect.arrayContaining(['Columns', 'Refresh', 'Export']));
  });

  it('has no create button without add_contractors, and says "No data." without a search', async () => {
    signInAs(['view_contractors']);
    getList.mockResolvedValue({ data: [], total: 0 });
    renderAt(<ContractorList />, '/contractors');
    expect((await screen.findByTestId('list-empty', {}, FIRST_RENDER)).textContent).toBe('No data.');
    expect(create('Add contractor')).toBeNull();
    expect(buttons()).toEqual(expect.arrayContaining(['Columns', 'Refresh', 'Export']));
  });
});
