/**
 * The toolbar search's advanced switch changes the mode on screen at once: the URL it writes renders
 * in a router transition, after the list behind it, and a keyboard user's next Shift+Tab must find
 * the query editor, not the plain field about to go. Here the navigation is recorded and held
 * (a transition that has not rendered yet), and applied when a test releases it.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useContext } from 'react';
import { UNSAFE_NavigationContext } from 'react-router-dom';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToolbarSearch } from '../../src/layout/ToolbarSearch';
import { TestAdmin, appDataProvider, signInAs } from './support/admin';

const navigations = vi.hoisted(() => [] as { pathname?: string; search?: string }[]);
/** The held navigations, each applied by calling it. */
const held = vi.hoisted(() => [] as (() => void)[]);
vi.mock('react-router-dom', async (original) => {
  const router = await original<typeof import('react-router-dom')>();
  return {
    ...router,
    useNavigate: () => {
      const navigate = router.useNavigate();
      return (to: { pathname?: string; search?: string }, options?: { replace?: boolean }) => {
        navigations.push(to);
        held.push(() => void navigate(to, options));
      };
    },
  };
});
const releaseNavigations = () => act(() => held.splice(0).forEach((apply) => apply()));

/** The router's history (MemoryRouter's), read by a probe beside the search. */
let history: { location: { pathname: string; search: string } } | undefined;
function HistoryProbe() {
  history = useContext(UNSAFE_NavigationContext).navigator as unknown as typeof history;
  return null;
}

const renderAt = (path: string) =>
  render(
    <TestAdmin
      path={path}
      dataProvider={appDataProvider({ getQueryTags: async () => [], getPersonalItems: async () => [] })}
    >
      <HistoryProbe />
      <ToolbarSearch />
    </TestAdmin>,
  );

beforeEach(() => {
  navigations.length = 0;
  held.length = 0;
  signInAs(['*']);
});

describe('the advanced switch', () => {
  it('shows the query editor with the quoted text before the URL it wrote has rendered', async () => {
    const user = userEvent.setup();
    renderAt('/installations?search=Długa%2012');
    const advanced = screen.getByRole('switch', { name: 'Advanced' });
    await user.click(advanced);

    expect((advanced as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement).toBe(advanced);
    expect(screen.queryByRole('textbox', { name: 'Search' })).toBeNull();
    expect(((await screen.findByRole('combobox', { name: 'Query' })) as HTMLInputElement).value).toBe(
      'SEARCH("Długa 12")',
    );
    expect(navigations.at(-1)?.search).toBe(
      `?${new URLSearchParams({ search: 'SEARCH("Długa 12")', advanced: 'true' })}`,
    );

    // Off again: the plain field with the text unquoted, also at once.
    await user.click(advanced);
    expect((advanced as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement).value).toBe('Długa 12');
  });

  it('keeps a query typed before the URL it wrote has rendered', async () => {
    const user = userEvent.setup();
    renderAt('/contractors?search=Adam');
    await user.click(screen.getByRole('switch', { name: 'Advanced' }));
    const editor = (await screen.findByRole('combobox', { name: 'Query' })) as HTMLInputElement;
    await user.clear(editor);
    await user.type(editor, 'id >= 0');

    releaseNavigations();
    expect(editor.value).toBe('id >= 0');
    expect((screen.getByRole('switch', { name: 'Advanced' }) as HTMLInputElement).checked).toBe(true);
  });

  it('writes a search typed while another screen renders to that screen, not to the list left behind', async () => {
    const user = userEvent.setup();
    renderAt('/installations');
    // A menu entry was clicked: the history is at Users, the screen still shows Installations.
    Object.defineProperty(history!, 'location', {
      configurable: true,
      get: () => ({ pathname: '/users', search: '' }),
    });
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'techn');
    await vi.waitFor(() => expect(navigations.at(-1)).toEqual({ pathname: '/users', search: '?search=techn' }));
  });

  it('follows the URL: a list opened in advanced mode shows the editor', async () => {
    renderAt(`/installations?${new URLSearchParams({ search: 'status = Installed', advanced: 'true' })}`);
    expect((screen.getByRole('switch', { name: 'Advanced' }) as HTMLInputElement).checked).toBe(true);
    expect(((await screen.findByRole('combobox', { name: 'Query' })) as HTMLInputElement).value).toBe(
      'status = Installed',
    );
  });
});
