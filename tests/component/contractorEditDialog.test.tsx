/**
 * The contractor edit dialog (document 2, sections 2.5, 5 and 9): the CRM company-name lookup
 * fires once, 500 ms after the last keystroke, and only for an id of digits longer than 8
 * characters, and fills the company name in; name and type are required and the link must be an
 * http(s) address; without edit_contractor_company the CRM fields are neither shown nor sent.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CRM_LOOKUP_DEBOUNCE_MS } from '../../common/domain';
import { ContractorEditDialog } from '../../src/resources/contractors/ContractorEditDialog';
import { isLookupId } from '../../src/resources/contractors/useCrmLookup';
import type { Contractor } from '../../src/resources/contractors/types';
import { TestAdmin, appDataProvider, signInAs } from './support/admin';

const record: Contractor = {
  id: 7,
  name: 'Zielony Kraków',
  type: 'ACTION',
  logo: null,
  link: 'https://zielony.example.org',
  hsId: '',
  hsName: '',
  customSla: false,
  activeSubscriptions: 0,
  currentInstallations: 3,
  createdAt: '2026-01-01T00:00:00Z',
  tags: {},
};

const lookupCrmCompany = vi.fn();
const update = vi.fn();
const onClose = vi.fn();

const renderDialog = (canEditCrm = true) =>
  render(
    <TestAdmin dataProvider={appDataProvider({ lookupCrmCompany, update })}>
      <ContractorEditDialog record={record} canEditCrm={canEditCrm} onClose={onClose} />
    </TestAdmin>,
  );

const input = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
/** Lets `ms` pass at once (fake timers; the clock also runs on by itself, for user-event). */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  localStorage.clear();
  signInAs(['view_contractors', 'edit_contractors', 'view_contractors_company', 'edit_contractor_company']);
  lookupCrmCompany.mockReset();
  lookupCrmCompany.mockImplementation(async (_r: string, { hsId }: { hsId: string }) =>
    hsId === '404040404' ? null : `Company ${hsId}`,
  );
  update.mockReset();
  update.mockImplementation(async (_r: string, { id, data }: { id: number; data: object }) => ({
    data: { ...record, id, ...data },
  }));
  onClose.mockReset();
});
afterEach(() => vi.useRealTimers());

describe('isLookupId', () => {
  it('accepts digits only, longer than 8 characters', () => {
    expect(isLookupId('123456789')).toBe(true);
    expect(isLookupId('12345678')).toBe(false);
    expect(isLookupId('12345678a9')).toBe(false);
    expect(isLookupId(' 123456789')).toBe(false);
    expect(isLookupId('')).toBe(false);
  });
});

describe('ContractorEditDialog', () => {
  it('looks the CRM id up once, after the pause, and fills in the company name', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.type(input(/CRM company ID/), '1234567890');
    // Typing is done: every eligible prefix (123456789) was superseded before the pause ended.
    expect(lookupCrmCompany).not.toHaveBeenCalled();
    await wait(CRM_LOOKUP_DEBOUNCE_MS / 2);
    expect(lookupCrmCompany).not.toHaveBeenCalled();
    await waitFor(() => expect(lookupCrmCompany).toHaveBeenCalledTimes(1));
    expect(lookupCrmCompany.mock.calls[0]![1]).toMatchObject({ hsId: '1234567890' });
    await waitFor(() => expect(input(/CRM company$/).value).toBe('Company 1234567890'));
    expect(screen.getByText('CRM company: Company 1234567890')).toBeTruthy();
    // Answered, it is not asked again, however long the id is left alone.
    await wait(4 * CRM_LOOKUP_DEBOUNCE_MS);
    expect(lookupCrmCompany).toHaveBeenCalledTimes(1);
  });

  it('never asks for an id of 8 characters or one with letters', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.type(input(/CRM company ID/), '12345678');
    await wait(CRM_LOOKUP_DEBOUNCE_MS + 300);
    await user.clear(input(/CRM company ID/));
    await user.type(input(/CRM company ID/), '12345678x9');
    await wait(CRM_LOOKUP_DEBOUNCE_MS + 300);
    expect(lookupCrmCompany).not.toHaveBeenCalled();
    // The letter is also refused by the shared rule: Save stays off.
    expect(await screen.findByText('It must be the numeric CRM company id')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it('says so when the CRM does not know the company, and keeps the name typed', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.type(input(/CRM company$/), 'Mine');
    await user.type(input(/CRM company ID/), '404040404');
    expect(await screen.findByText('The CRM has no company with ID 404040404.', {}, { timeout: 2000 })).toBeTruthy();
    expect(input(/CRM company$/).value).toBe('Mine');
  });

  it('requires the name and an http(s) link, then saves the trimmed values once', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.clear(input(/^Name/));
    await user.clear(input(/Link/));
    await user.type(input(/Link/), 'javascript:alert(1)');
    expect(await screen.findByText('It is required')).toBeTruthy();
    expect(screen.getByText('It must be an http(s) address, such as https://example.org')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);

    await user.type(input(/^Name/), '  Czyste Powietrze  ');
    await user.clear(input(/Link/));
    await user.type(input(/Link/), 'https://czyste.example.org');
    // The save hangs until both clicks are in, so the second one lands while the first is in flight
    // (answered at once, the first save could end between the clicks, and the test would race).
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    update.mockImplementationOnce(async (_r: string, { id, data }: { id: number; data: object }) => {
      await held;
      return { data: { ...record, id, ...data } };
    });
    await user.dblClick(screen.getByRole('button', { name: 'Save' }));
    release();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(update).toHaveBeenCalledTimes(1);
    expect(update).toHaveBeenCalledWith(
      'contractors',
      expect.objectContaining({
        id: 7,
        data: {
          name: 'Czyste Powietrze',
          type: 'ACTION',
          link: 'https://czyste.example.org',
          hsId: null,
          hsName: null,
        },
      }),
    );
    expect(update.mock.calls[0]![1].meta).toBeUndefined();
  });

  it('without edit_contractor_company shows no CRM fields and sends none', async () => {
    const user = userEvent.setup();
    renderDialog(false);
    expect(screen.queryByRole('textbox', { name: /CRM company/ })).toBeNull();
    await user.type(input(/^Name/), ' II');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]![1].data).toEqual({
      name: 'Zielony Kraków II',
      type: 'ACTION',
      link: 'https://zielony.example.org',
    });
  });
});
