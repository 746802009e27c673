#!/usr/bin/env node
// The demo that runs entirely in the browser (vite.demo.config.ts, demo/):
//   npm run demo          builds it and serves it at http://127.0.0.1:${DEMO_PORT:-8090}/ (a plain static server)
//   npm run demo:static   builds it into dist-demo/, for any static host under any path prefix
//   node scripts/demo.mjs build   the same as demo:static (the test runner's `build-demo` step)
// The build first makes the demo's data with the backend's own seed (demo/buildData.ts, in Node),
// then bundles the console and the backend's worker.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from './staticServer.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const mode = process.argv[2] ?? 'serve';

function run(cmd, args, env = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const t0 = Date.now();
// Sign-in hashes at a cost the browser's scrypt (JavaScript) answers at once; the rules are the same.
run(bin('tsx'), ['demo/buildData.ts', '.tmp/demo-data'], { PASSWORD_SCRYPT_LOG2N: '10' });
run(bin('vite'), ['build', '-c', 'vite.demo.config.ts', '--logLevel', 'warn']);
console.log(`demo built into dist-demo/ in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

if (mode === 'serve') {
  const port = Number(process.env.DEMO_PORT ?? 8090);
  await serveStatic({ dir: path.join(root, 'dist-demo'), prefix: '/', port });
  console.log(`demo: http://127.0.0.1:${port}/  (every request is a static file; Ctrl-C stops)`);
}
