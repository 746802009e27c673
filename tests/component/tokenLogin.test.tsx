/**
 * Token login (`/login?token=…`, document 1, section 2; document 2, section 2.8): a good link signs
 * in and goes to Installations; a bad or expired one (or a link without a token) logs out and the
 * sign-in screen says the link is invalid or expired, instead of appearing without a word.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { setRuntimeConfig, type RuntimeConfig } from '../../src/config';
import { PublicOnly } from '../../src/layout/RouteGuard';
import { LoginPage } from '../../src/pages/login/LoginPage';
import { TokenLoginPage } from '../../src/pages/login/TokenLoginPage';
import { TestAdmin, testAuthProvider } from './support/admin';

const login = vi.fn();
const logout = vi.fn(async () => '/');
const auth = { ...testAuthProvider, login, logout };
const INVALID = 'This sign-in link is invalid or has expired. Please sign in.';

function renderAt(path: string) {
  render(
    <TestAdmin authProvider={auth} path={path}>
      <Routes>
        <Route
          path="/"
          element={
            <PublicOnly>
              <LoginPage />
            </PublicOnly>
          }
        />
        <Route
          path="/login"
          element={
            <PublicOnly>
              <TokenLoginPage />
            </PublicOnly>
          }
        />
        <Route path="/installations" element={<div data-testid="installations" />} />
      </Routes>
    </TestAdmin>,
  );
}

beforeEach(() => {
  localStorage.clear();
  login.mockReset();
  logout.mockClear();
  setRuntimeConfig({ signIn: { provider: 'Google', enabled: true } } as RuntimeConfig);
});

describe('token login', () => {
  it('a bad or expired token logs out and the sign-in screen says the link is invalid or expired', async () => {
    login.mockRejectedValue(new Error('The refresh token is invalid'));
    renderAt('/login?token=not-a-token');
    expect(await screen.findByText(INVALID)).toBeTruthy();
    expect(login).toHaveBeenCalledWith({ refreshToken: 'not-a-token' });
    expect(logout).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Password login' })).toBeTruthy();
  });

  it('a link without a token says the same', async () => {
    renderAt('/login');
    expect(await screen.findByText(INVALID)).toBeTruthy();
    expect(login).not.toHaveBeenCalled();
  });

  it('the sign-in screen opened directly says nothing of a link', () => {
    renderAt('/');
    expect(screen.getByRole('button', { name: 'Password login' })).toBeTruthy();
    expect(screen.queryByText(INVALID)).toBeNull();
  });

  it('a good token signs in and goes to Installations', async () => {
    login.mockResolvedValue({ redirectTo: '/installations' });
    renderAt('/login?token=good');
    expect(await screen.findByTestId('installations')).toBeTruthy();
    await waitFor(() => expect(login).toHaveBeenCalledWith({ refreshToken: 'good' }));
    expect(logout).not.toHaveBeenCalled();
  });
});
