// Compiles the server to plain JavaScript in dist-server/ (esbuild, already installed with Vite and
// tsx), so `npm start` and the container run `node dist-server/index.js` with no TypeScript loader:
// tsx compiles every module at each start (most of the start time on a busy machine).
//
//   node scripts/buildServer.mjs          builds when a source is newer than the build (or forced: --force)
//   import { buildServer, serverBuildIsStale } from './buildServer.mjs'
//
// The layout: dist-server/index.js (server/index.ts), the shared code in chunk-*.js beside it, the
// migrations in dist-server/db/migrations/ and each seed module in dist-server/db/seeds/ (the seed
// loader lists its folder); packages stay in node_modules (not bundled). Type checking is not
// done here: `npm run typecheck` does it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT = path.join(root, 'dist-server');
export const SERVER_ENTRY = path.join(SERVER_OUT, 'index.js');
const STAMP = path.join(SERVER_OUT, '.built');

/** The newest modification time under these paths (files or folders). */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    const stat = fs.statSync(p);
    if (!stat.isDirectory()) latest = Math.max(latest, stat.mtimeMs);
    else for (const entry of fs.readdirSync(p)) visit(path.join(p, entry));
  };
  for (const p of paths) if (fs.existsSync(p)) visit(p);
  return latest;
}

const SOURCES = ['server', 'common', 'package-lock.json', 'scripts/buildServer.mjs'].map((p) => path.join(root, p));

/** Whether dist-server/ is missing or older than any server source. */
export function serverBuildIsStale() {
  if (!fs.existsSync(STAMP) || !fs.existsSync(SERVER_ENTRY)) return true;
  return fs.statSync(STAMP).mtimeMs < newest(SOURCES);
}

/**
 * Files that locate themselves with import.meta.url (their migrations, their seed modules): in
 * the bundle their code sits in a file at the root of dist-server/, so the URL is made to point
 * where their folder's files are copied / compiled.
 */
const SELF_LOCATING = ['server/db/index.ts', 'server/db/seeds/index.ts'];

const selfLocating = {
  name: 'self-locating',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const rel = path.relative(root, args.path).split(path.sep).join('/');
      if (!SELF_LOCATING.includes(rel)) return undefined;
      const fromOut = './' + rel.replace(/^server\//, '').replace(/\.ts$/, '.js');
      const text = fs
        .readFileSync(args.path, 'utf8')
        .replaceAll('import.meta.url', `new URL(${JSON.stringify(fromOut)}, import.meta.url).href`);
      return { contents: text, loader: 'ts' };
    });
  },
};

export async function buildServer() {
  const { build } = await import('esbuild');
  const started = Date.now();
  const seedsDir = path.join(root, 'server', 'db', 'seeds');
  const seeds = fs
    .readdirSync(seedsDir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !['index.ts', 'types.ts'].includes(f))
    .map((f) => path.join(seedsDir, f));
  // Built beside, then swapped in: a server starting meanwhile never sees half a build.
  const out = `${SERVER_OUT}.${process.pid}.tmp`;
  fs.rmSync(out, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: [path.join(root, 'server', 'index.ts'), ...seeds],
    outbase: path.join(root, 'server'),
    outdir: out,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [selfLocating],
  });
  fs.cpSync(path.join(root, 'server', 'db', 'migrations'), path.join(out, 'db', 'migrations'), { recursive: true });
  // The folder is an ES module scope whatever the package.json next to it says.
  fs.writeFileSync(path.join(out, 'package.json'), '{ "type": "module" }\n');
  fs.writeFileSync(path.join(out, '.built'), new Date().toISOString() + '\n');
  const old = `${SERVER_OUT}.${process.pid}.old`;
  if (fs.existsSync(SERVER_OUT)) fs.renameSync(SERVER_OUT, old);
  fs.renameSync(out, SERVER_OUT);
  fs.rmSync(old, { recursive: true, force: true });
  return Date.now() - started;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--force') || serverBuildIsStale()) {
    const ms = await buildServer();
    console.log(`Server built into dist-server/ in ${ms} ms`);
  } else console.log('dist-server/ is up to date');
}
