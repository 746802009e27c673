import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from './config';
import { BrowserRouter } from 'react-router-dom';
import { registerConfiguredResources } from './configuredResources';

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

async function start() {
  // Plain http is redirected to https, except on a loopback address (local runs and tests).
  if (window.location.protocol === 'http:' && !LOOPBACK.includes(window.location.hostname)) {
    window.location.replace(window.location.href.replace(/^http:/, 'https:'));
    return;
  }
  const root = createRoot(document.getElementById('root')!);
  try {
    const config = await loadRuntimeConfig();
    // The resources added by configuration join the declarations before the app's modules (its
    // resources, routes, menu and messages, all derived from ENTITIES) are evaluated: the app is
    // imported after this.
    registerConfiguredResources(config.resources);
  } catch (err) {
    const { i18nProvider } = await import('./i18n');
    root.render(
      <p style={{ padding: 24, fontFamily: 'sans-serif' }}>
        {i18nProvider.translate('aq.startFailed', { error: String(err) })}
      </p>,
    );
    return;
  }
  const { App } = await import('./App');
  root.render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  );
}

void start();
