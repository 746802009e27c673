import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const backend = process.env.BACKEND_URL ?? 'http://127.0.0.1:8080';

const isLibrary = (id: string) => /[\\/]node_modules[\\/]/.test(id);
/** The console's own code: src/ and what it shares with the server (common/). */
const isSource = (id: string) => !isLibrary(id) && /[\\/](src|common)[\\/]/.test(id);
/**
 * Four chunks, split by whether the sign-in screen needs them, instead of Rollup's default of one
 * per screen and per set of modules screens share (~170 files):
 *   - `vendor` and `app`: the libraries and the console's code the first document imports
 *     statically ($initial) — react-admin, MUI, the router, the sign-in pages, the providers. That
 *     is all a browser loads before the sign-in screen.
 *   - `console-vendor` and `screens`: everything loaded on demand (the shell, src/layout/consoleCode.tsx;
 *     every screen, `lazyNamed` in src/pages/pageRoutes.ts), maps and charts included. The sign-in
 *     screen fetches them once the user starts signing in (`preloadConsole`), so the first screen
 *     after sign-in waits for no code, and no screen waits for its code once they are here.
 * Two files rather than one per screen: the console fetches every screen after sign-in anyway
 * (`preloadPages`), and fewer, larger files cost the browser less.
 */
const CHUNKS = [
  { name: 'vendor', tags: ['$initial' as const], test: isLibrary, priority: 4 },
  { name: 'app', tags: ['$initial' as const], test: isSource, priority: 3 },
  { name: 'console-vendor', test: isLibrary, priority: 2 },
  { name: 'screens', test: isSource, priority: 1 },
];

/** Files worth compressing (text); source maps are left out (not served unless SOURCE_MAPS=1). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Smaller files are sent as they are (the server's own threshold, server/app.ts). */
const MIN_SIZE = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Writes `<file>.br` (Brotli, best quality) and `<file>.gz` (gzip -9) beside each built text file
 * of at least 1 KiB, when smaller than the file: the server sends them as they are to browsers that
 * accept them (@fastify/static's `preCompressed`), so the best compression costs nothing per request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'aq-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      await precompressDir(outDir);
    },
  };
}

/** The work of `precompress()` on one directory (exported for the tests). */
export async function precompressDir(dir: string): Promise<void> {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  await Promise.all(
    files.map(async (file) => {
      const content = await fs.readFile(file);
      if (content.length < MIN_SIZE) return;
      const encoded = await Promise.all([
        brotli(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }).then((data) => ({ data, ext: '.br' })),
        gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }).then((data) => ({ data, ext: '.gz' })),
      ]);
      for (const { data, ext } of encoded) if (data.length < content.length) await fs.writeFile(file + ext, data);
    }),
  );
}

const proxied = ['/api', '/adp-api', '/apiusers-api', '/updater', '/config.json'];

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(proxied.map((p) => [p, backend])),
      '/app': { target: backend, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1600,
    rolldownOptions: { output: { codeSplitting: { groups: CHUNKS } } },
  },
});
