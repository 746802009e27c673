/**
 * The language at sign-in: the server's saved language is applied when the preferences answer,
 * unless the staff member chose one in the meantime — that choice stays and is saved.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, memoryStore, useLocaleState } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { configureServices, json, jwt, stubMainApi, type ApiCall } from './support/services';
import { dataProvider } from '../../src/dataProviders';
import { writeSession } from '../../src/state/session';
import { i18nProvider } from '../../src/i18n';
import { PreferencesSync } from '../../src/layout/PreferencesSync';

let calls: ApiCall[];
let answerPreferences: () => void;
/** The language the server holds for the user. */
let savedLocale: string;

/** Signs in as a user this file has not used (the language is applied once per user and page load). */
let nextUser = 100;
function signIn() {
  writeSession({
    user: {
      id: ++nextUser,
      name: `user${nextUser}`,
      displayName: 'Pola',
      avatar: null,
      role: 'viewer',
      permissions: ['view_installations'],
    },
    tokens: { accessToken: jwt(Math.floor(Date.now() / 1000) + 3600), refreshToken: 'r' },
  });
}

beforeEach(() => {
  localStorage.clear();
  configureServices();
  savedLocale = 'en';
  // The saved preferences answer only when the test says so.
  const held = new Promise<void>((resolve) => (answerPreferences = resolve));
  calls = stubMainApi(async ({ method, path, body }) => {
    if (path === '/preferences' && method === 'GET') {
      await held;
      return json(200, { data: { theme: 'light', locale: savedLocale } });
    }
    if (path === '/preferences' && method === 'PATCH')
      return json(200, { data: { theme: 'light', locale: savedLocale, ...(body as object) } });
    return json(200, { data: {} });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function LanguageProbe() {
  const [locale, setLocale] = useLocaleState();
  return (
    <>
      <output aria-label="language">{locale}</output>
      <button onClick={() => setLocale('pl')}>Polish</button>
    </>
  );
}

function renderConsole() {
  render(
    <MemoryRouter>
      <AdminContext store={memoryStore()} dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <PreferencesSync />
        <LanguageProbe />
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('the language at sign-in', () => {
  it('keeps a language chosen before the saved preferences answer, and saves it', async () => {
    signIn();
    renderConsole();
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.path === '/preferences')).toBe(true));
    act(() => screen.getByRole('button', { name: 'Polish' }).click());
    await waitFor(() => expect(screen.getByLabelText('language').textContent).toBe('pl'));
    await act(async () => answerPreferences());
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH' && c.path === '/preferences').map((c) => c.body)).toEqual([
        { locale: 'pl' },
      ]),
    );
    expect(screen.getByLabelText('language').textContent).toBe('pl');
  });

  it('applies the saved language when nothing was chosen meanwhile', async () => {
    savedLocale = 'pl';
    signIn();
    renderConsole();
    await act(async () => answerPreferences());
    await waitFor(() => expect(screen.getByLabelText('language').textContent).toBe('pl'));
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });
});
