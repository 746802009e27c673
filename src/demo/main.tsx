/**
 * The demo build's entry (`npm run demo`, vite.demo.config.ts): the same console as src/main.tsx,
 * whose services are the reference backend running in this browser (demo/worker.ts, reached through
 * src/dataProviders/demoTransport.ts), with a banner saying so. Served from any path: the router's
 * base is the folder this page was loaded from.
 */
import '../configuredResources';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { loadRuntimeConfig, setRuntimeConfig } from '../config';
import { App } from '../App';
import { i18nProvider } from '../i18n';
import { demoFetchImpl, resetDemo, startDemoTransport } from '../dataProviders/demoTransport';
import { clearSession } from '../state/session';
import { DemoBanner } from './DemoBanner';
import { showDemoImages } from './images';

/** The folder the demo is served from (`/`, `/demo/`…): where index.html and the data files are. */
const base = new URL('.', document.baseURI);

function reloaded(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'reload';
}

async function start() {
  const root = createRoot(document.getElementById('root')!);
  const reset = reloaded();
  // A session of data that no longer exists (the data starts again) is ended with it.
  if (reset) clearSession();
  try {
    await startDemoTransport({
      dataUrl: new URL('demo-db.tar.gz', base),
      filesUrl: new URL('demo-files.json', base),
      reset,
    });
    const config = await loadRuntimeConfig(demoFetchImpl);
    // Service URLs in a scheme the browser never fetches: requests go to the worker (the transport
    // takes their path), and a link the console would hand to the browser itself (an image) makes no
    // request to a server that does not exist (images are fetched from the worker: ./images.ts).
    const services = Object.fromEntries(
      Object.entries(config.services).map(([name, prefix]) => [name, `aqdemo:${prefix}`]),
    );
    // The realtime hub is in the worker too (pusher-js's WebSocket is a message channel to it): no
    // network could fail between them, so live updates have no connection time-out. A time-out would
    // only measure how busy this page is (a slow device rendering the console right after sign-in
    // reported "Pusher failed to gain a connection", then connected).
    setRuntimeConfig({
      ...config,
      services: services as typeof config.services,
      realtime: { ...config.realtime, connectionTimeoutMs: null },
    });
  } catch (err) {
    root.render(
      <p style={{ padding: 24, fontFamily: 'sans-serif' }}>
        {i18nProvider.translate('aq.startFailed', { error: String(err) })}
      </p>,
    );
    return;
  }
  const onReset = () => {
    clearSession();
    resetDemo();
  };
  showDemoImages(document.body);
  root.render(
    <StrictMode>
      <BrowserRouter basename={base.pathname.replace(/\/$/, '')}>
        <App />
      </BrowserRouter>
      <DemoBanner onReset={onReset} />
    </StrictMode>,
  );
}

void start();
