// First: the resources added by configuration join the declarations before any module that
// derives resources, routes, menu or messages from them is evaluated (see ./configuredResources).
import './configuredResources';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from './config';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { i18nProvider } from './i18n';
import { preloadConsole } from './layout/consoleCode';
import { readSession } from './state/session';

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

async function start() {
  // Plain http is redirected to https, except on a loopback address (local runs and tests).
  if (window.location.protocol === 'http:' && !LOOPBACK.includes(window.location.hostname)) {
    window.location.replace(window.location.href.replace(/^http:/, 'https:'));
    return;
  }
  // Signed in already (a reload, a new tab): the console's code is fetched beside the runtime
  // configuration instead of after it.
  if (readSession()) preloadConsole();
  const root = createRoot(document.getElementById('root')!);
  try {
    await loadRuntimeConfig();
  } catch (err) {
    root.render(
      <p style={{ padding: 24, fontFamily: 'sans-serif' }}>
        {i18nProvider.translate('aq.startFailed', { error: String(err) })}
      </p>,
    );
    return;
  }
  root.render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  );
}

void start();
