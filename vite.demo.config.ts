/**
 * The demo build (`npm run demo`, `npm run demo:static` → dist-demo/): the console plus the reference
 * backend in a worker (demo/worker.ts) on the data the demo seed made at build time (demo/buildData.ts,
 * written to .tmp/demo-data and copied as public files). Node's built-ins the backend's code imports
 * are replaced by browser versions (demo/shims/); what the demo never runs (PostgreSQL, Redis, the
 * websocket server, static files, compression, OpenAPI pages) by empty plugins. Relative asset paths
 * (`base: './'`): the folder can be served under any path prefix.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Alias, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const root = path.dirname(fileURLToPath(import.meta.url));
const shim = (file: string) => path.join(root, 'demo/shims', file);
const builtin = (names: string, file: string): Alias => ({
  find: new RegExp(`^(node:)?(${names})$`),
  replacement: shim(file),
});

export const DEMO_DATA_DIR = path.join(root, '.tmp/demo-data');

const aliases: Alias[] = [
  builtin('crypto', 'crypto.ts'),
  builtin('fs', 'fs.ts'),
  builtin('fs/promises', 'fsPromises.ts'),
  builtin('http|https|http2', 'http.js'),
  builtin('util', 'util.js'),
  builtin('path', 'path.ts'),
  builtin('url', 'url.ts'),
  builtin('stream', 'stream.js'),
  builtin('stream/promises', 'streamPromises.js'),
  builtin('events', 'events.cjs'),
  builtin('assert|assert/strict', 'assert.cjs'),
  builtin('buffer', 'buffer.js'),
  builtin(
    'diagnostics_channel|async_hooks|os|net|dns|perf_hooks|zlib|timers/promises|child_process|worker_threads|tls|module|readline|v8|vm|string_decoder',
    'misc.js',
  ),
  { find: /^pino$/, replacement: shim('pino.cjs') },
  // Never run in the demo: no PostgreSQL, Redis, websocket server, compression, static files or docs pages.
  {
    find: /^(pg|ioredis|@fastify\/(websocket|static|compress|swagger-ui|helmet))$/,
    replacement: shim('emptyPlugin.js'),
  },
];

/**
 * The demo's page is the console's index.html with the demo's entry and title: made from it at build
 * time (demo/index.html is not a file of its own), so the head stays one.
 */
function demoPage(): Plugin {
  const page = path.join(root, 'demo/index.html');
  const replace = (html: string, from: string, to: string) => {
    if (!html.includes(from)) throw new Error(`index.html no longer has ${from}: update vite.demo.config.ts`);
    return html.replace(from, to);
  };
  return {
    name: 'aq-demo-page',
    enforce: 'pre',
    resolveId: (id) => (id === page ? page : undefined),
    load(id) {
      if (id !== page) return undefined;
      let html = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
      html = replace(html, '<title>AQ Console</title>', '<title>AQ Console — demo</title>');
      return replace(html, 'src="/src/main.tsx"', 'src="../src/demo/main.tsx"');
    },
  };
}

export default defineConfig({
  root: path.join(root, 'demo'),
  base: './',
  publicDir: DEMO_DATA_DIR,
  plugins: [demoPage(), react()],
  resolve: { alias: aliases },
  worker: {
    format: 'es',
    plugins: () => [],
    rolldownOptions: {},
  },
  define: { 'process.env.NODE_DEBUG': 'undefined' },
  optimizeDeps: { exclude: ['@electric-sql/pglite'] },
  build: {
    outDir: path.join(root, 'dist-demo'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 8000,
    target: 'es2022',
    rolldownOptions: { input: path.join(root, 'demo/index.html') },
  },
});
