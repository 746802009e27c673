/**
 * The session calls screens make go through the auth provider, not the HTTP module: a public page
 * opened with a stale token refreshes it (a spinner meanwhile) and then goes to Installations; the
 * sign-in button asks the auth provider for the provider's URL, opens the popup on it, and says so
 * when the popup is closed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { setRuntimeConfig, type RuntimeConfig } from '../../src/config';
import { PublicOnly } from '../../src/layout/RouteGuard';
import { LoginPage } from '../../src/pages/login/LoginPage';
import { readSession } from '../../src/state/session';
import { TestAdmin, signInAs, testAuthProvider } from './support/admin';

const refreshSession = vi.fn();
const getSignInUrl = vi.fn();
const auth = { ...testAuthProvider, refreshSession, getSignInUrl };

function renderPublic(page: React.ReactElement) {
  render(
    <TestAdmin authProvider={auth}>
      <Routes>
        <Route path="/" element={<PublicOnly>{page}</PublicOnly>} />
        <Route path="/installations" element={<div data-testid="installations" />} />
      </Routes>
    </TestAdmin>,
  );
}

beforeEach(() => {
  localStorage.clear();
  refreshSession.mockReset();
  getSignInUrl.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('a public page with a stale token', () => {
  it('refreshes it through the auth provider, then goes to Installations', async () => {
    signInAs(['view_installations']); // its token is no JWT: stale
    let done: () => void = () => undefined;
    refreshSession.mockImplementation(() => new Promise<void>((resolve) => (done = () => resolve())));
    renderPublic(<div data-testid="login" />);
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(refreshSession).toHaveBeenCalledTimes(1);
    act(() => done());
    expect(await screen.findByTestId('installations')).toBeTruthy();
  });
});

describe('sign-in with the provider', () => {
  it('opens the popup on the URL the auth provider gives, and says when it is closed', async () => {
    const user = userEvent.setup();
    setRuntimeConfig({ signIn: { provider: 'Google', enabled: true } } as RuntimeConfig);
    const popup = { closed: false, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.fn(() => popup);
    vi.stubGlobal('open', open);
    getSignInUrl.mockResolvedValue('https://accounts.example.com/authorize?x=1');
    renderPublic(<LoginPage />);
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(popup.location.href).toBe('https://accounts.example.com/authorize?x=1'));
    expect(open).toHaveBeenCalledWith('about:blank', 'aq-sign-in', expect.stringContaining('width=800,height=600'));
    expect(getSignInUrl).toHaveBeenCalledWith({
      redirectUri: `${window.location.origin}/login/callback`,
      state: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    popup.closed = true;
    expect(await screen.findByText('Sign-in window was closed')).toBeTruthy();
    expect(readSession()).toBeNull();
  });
});
