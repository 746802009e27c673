// `npm start`: builds the console when its sources are newer than dist/ and the server when its
// sources are newer than dist-server/ (scripts/buildServer.mjs), then runs the compiled server with
// plain Node (no TypeScript loader at run time; `npm run dev:server` runs the sources with tsx), in
// this same process: a second Node process cost its own start-up. With WORKERS > 1 the server forks
// this script again for each worker (node:cluster), which goes straight to the server.
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer, serverBuildIsStale, SERVER_ENTRY } from './buildServer.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dist = path.join(root, 'dist', 'index.html');

function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return latest;
}

async function buildWhatIsStale() {
  const sources = ['src', 'common', 'index.html', 'vite.config.ts', 'package-lock.json']
    .map((p) => path.join(root, p))
    .filter((p) => fs.existsSync(p));
  const sourceTime = Math.max(
    ...sources.map((p) => (fs.statSync(p).isDirectory() ? newest(p) : fs.statSync(p).mtimeMs)),
  );
  // A build from before the precompressed files (vite.config.ts writes `.br` / `.gz` copies) is redone too.
  const assets = path.join(root, 'dist', 'assets');
  const precompressed = fs.existsSync(assets) && fs.readdirSync(assets).some((f) => f.endsWith('.br'));
  if (!fs.existsSync(dist) || fs.statSync(dist).mtimeMs < sourceTime || !precompressed) {
    console.log('Building the console…');
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }

  if (serverBuildIsStale()) {
    console.log('Building the server…');
    await buildServer();
  }
}

if (cluster.isPrimary) await buildWhatIsStale();
await import(pathToFileURL(SERVER_ENTRY).href);
