import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const backend = process.env.BACKEND_URL ?? 'http://127.0.0.1:8080';

/** Libraries only the maps use: they stay in the maps' own chunks, loaded when a map opens. */
const MAP_LIBRARIES =
  /[\\/]node_modules[\\/](leaflet|react-leaflet|@react-leaflet|supercluster|topojson-client|world-atlas)[\\/]/;
/**
 * Every other library in one `vendor` chunk. The console fetches every screen's code in the
 * background after the first one (src/pages/pageRoutes.ts), so the libraries were all loaded on
 * every visit anyway, but spread by Rollup's default over the chunks of the screens that share
 * them: 167 files instead of 91, and on a fresh visit to the landing page ~10 % more CPU in Chromium
 * (1.74 s vs 1.57 s in all of its processes, measured with headless Chromium on the demo seed).
 */
const isVendor = (id: string) => /[\\/]node_modules[\\/]/.test(id) && !MAP_LIBRARIES.test(id);
const proxied = ['/api', '/adp-api', '/apiusers-api', '/updater', '/config.json'];

export default defineConfig({
  plugins: [react()],
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
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'vendor', test: isVendor }] } } },
  },
});
