/** The tags screen's dialog and remove confirmation: required fields, ENUM values, 409, 'Removed tag'. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AdminContext,
  Notification,
  RecordContextProvider,
  memoryStore,
  testDataProvider,
  useGetList,
} from 'react-admin';
import { i18nProvider } from '../../src/i18n';
import { ApiError } from '../../src/dataProviders/errors';
import { RemoveTagButton } from '../../src/resources/tags/RemoveTagButton';
import { TagDialog } from '../../src/resources/tags/TagDialog';
import { parseTagValues } from '../../src/resources/tags/tagsApi';
import type { Tag } from '../../src/resources/tags/types';

const create = vi.fn();
const update = vi.fn();
const remove = vi.fn();
const onClose = vi.fn();

const wrap = (ui: React.ReactNode) =>
  render(
    <AdminContext
      store={memoryStore()}
      i18nProvider={i18nProvider}
      dataProvider={testDataProvider({ create, update, delete: remove })}
    >
      {ui}
      <Notification />
    </AdminContext>,
  );

beforeEach(() => {
  for (const f of [create, update, remove, onClose]) f.mockReset();
  create.mockImplementation(async (_r: string, { data }: { data: object }) => ({ data: { id: 30, ...data } }));
  update.mockImplementation(async (_r: string, { id, data }: { id: number; data: object }) => ({
    data: { id, ...data },
  }));
  remove.mockImplementation(async (_r: string, { previousData }: { previousData: Tag }) => ({ data: previousData }));
});

async function chooseType(user: ReturnType<typeof userEvent.setup>, type: string) {
  await user.click(screen.getByRole('combobox', { name: /Type/ }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: type }));
}

describe('TagDialog', () => {
  it('requires a name and a type', async () => {
    const user = userEvent.setup();
    wrap(<TagDialog context="sensors" onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getAllByText('It is required')).toHaveLength(2);
    expect(create).not.toHaveBeenCalled();
  });

  it('asks for values only for ENUM, requires them, and sends them trimmed', async () => {
    const user = userEvent.setup();
    wrap(<TagDialog context="installations" onClose={onClose} />);
    await user.type(screen.getByRole('textbox', { name: /Name/ }), '  Roof  ');
    await chooseType(user, 'STRING');
    expect(screen.queryByRole('textbox', { name: /Values/ })).toBeNull();
    await chooseType(user, 'ENUM');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('It is required')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /Values/ }), ' flat , pitched,, flat ,green ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith('installations/tags', {
        data: { name: 'Roof', type: 'ENUM', values: ['flat', 'pitched', 'green'] },
      }),
    );
    expect(onClose).toHaveBeenCalled();
  });

  it('updates a tag, and shows a taken name on the field', async () => {
    const user = userEvent.setup();
    update.mockRejectedValueOnce(new ApiError('response', 409, 'Name already in use', '/sensors/tags/3'));
    wrap(
      <TagDialog
        context="sensors"
        tag={{ id: 3, name: 'Hardware revision', type: 'INTEGER', values: [] }}
        onClose={onClose}
      />,
    );
    const name = screen.getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Warranty');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name already in use')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    await user.clear(name);
    await user.type(name, 'HW revision');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(update).toHaveBeenLastCalledWith(
      'sensors/tags',
      expect.objectContaining({ id: 3, data: { name: 'HW revision', type: 'INTEGER', values: [] } }),
    );
  });

  it("shows the server's other refusals in the dialog", async () => {
    const user = userEvent.setup();
    const message =
      'Tag "Hardware revision" holds values on 3 sensors; clear them before changing its type from INTEGER to STRING';
    update.mockRejectedValueOnce(new ApiError('response', 409, message, '/sensors/tags/3'));
    wrap(
      <TagDialog
        context="sensors"
        tag={{ id: 3, name: 'Hardware revision', type: 'INTEGER', values: [] }}
        onClose={onClose}
      />,
    );
    await chooseType(user, 'STRING');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('form-dialog-error')).textContent).toBe(message);
    expect(screen.queryByText('Name already in use')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('splits values on commas, trims them and drops empty and repeated ones', () => {
    expect(parseTagValues(' a, b ,,a , c, B')).toEqual(['a', 'b', 'c']);
    expect(parseTagValues(' , ')).toEqual([]);
  });
});

describe('RemoveTagButton', () => {
  it('confirms that associated data goes too, removes, and says Removed tag', async () => {
    const user = userEvent.setup();
    const tag: Tag = { id: 8, name: 'Warranty', type: 'BOOLEAN', values: [] };
    wrap(
      <RecordContextProvider value={tag}>
        <RemoveTagButton context="sensors" />
      </RecordContextProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Remove tag Warranty' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toMatch(/removes its associated data/);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('sensors/tags', { id: 8, previousData: tag }));
    expect(await screen.findByText('Removed tag')).toBeTruthy();
  });

  it('says Removed tag even when the row and its button are gone before the removal ends', async () => {
    const user = userEvent.setup();
    const tag: Tag = { id: 8, name: 'Warranty', type: 'BOOLEAN', values: [] };
    let tags = [tag];
    let finishRemoval = () => {};
    remove.mockImplementation(
      () =>
        new Promise((resolve) => {
          tags = [];
          finishRemoval = () => resolve({ data: tag });
        }),
    );
    // The tags screen's rows, and its refresh (the Refresh button, a live update).
    let refresh = () => {};
    function Rows() {
      const { data, refetch } = useGetList<Tag>('sensors/tags');
      refresh = () => void refetch();
      return (
        <>
          {data?.map((t) => (
            <RecordContextProvider key={t.id} value={t}>
              <RemoveTagButton context="sensors" />
            </RecordContextProvider>
          ))}
        </>
      );
    }
    render(
      <AdminContext
        store={memoryStore()}
        i18nProvider={i18nProvider}
        dataProvider={testDataProvider({
          getList: (async () => ({ data: tags, total: tags.length })) as never,
          delete: remove,
        })}
      >
        <Rows />
        <Notification />
      </AdminContext>,
    );
    await user.click(await screen.findByRole('button', { name: 'Remove tag Warranty' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(remove).toHaveBeenCalled());
    // The list refreshes while the request runs: the row, its button and the dialog go.
    act(() => refresh());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove tag Warranty' })).toBeNull());
    act(() => finishRemoval());
    expect(await screen.findByText('Removed tag')).toBeTruthy();
  });
});
