/**
 * The drivers a deployment may not use load only when its configuration names them: node-postgres
 * and drizzle's driver for it (DATABASE_URL), ioredis (REDIS_URL), the S3 SDK (FILES_S3_*). A
 * process on PGlite with none of them configured starts without loading any (loading them cost
 * 223–341 ms of a loaded start). The server is bundled the way `npm start` bundles it (esbuild, the
 * packages left as imports) and every module reached from `server/index.ts` through static imports
 * is checked: one of these packages there is a regression, a dynamic `import()` is the way.
 */
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const OPTIONAL = [
  'pg',
  'drizzle-orm/node-postgres',
  'drizzle-orm/node-postgres/migrator',
  'ioredis',
  '@aws-sdk/client-s3',
];

/** The packages reached from the entry through static imports only, each with the module importing it. */
function staticPackages(metafile: Metafile, entry: string): Map<string, string> {
  const found = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imp of metafile.inputs[file]?.imports ?? []) {
      if (imp.kind !== 'import-statement' && imp.kind !== 'require-call') continue;
      if (imp.external) {
        if (!found.has(imp.path)) found.set(imp.path, file);
      } else visit(imp.path);
    }
  };
  visit(entry);
  return found;
}

describe('optional drivers', () => {
  it('are not imported statically by any module the server starts with', async () => {
    const result = await build({
      absWorkingDir: ROOT,
      entryPoints: ['server/index.ts'],
      bundle: true,
      write: false,
      outdir: path.join(ROOT, '.tmp', 'optional-drivers'),
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      metafile: true,
      logLevel: 'silent',
    });
    const packages = staticPackages(result.metafile, 'server/index.ts');
    // The walk sees the server's packages (a broken walk would find none and pass).
    expect([...packages.keys()]).toEqual(expect.arrayContaining(['fastify', 'drizzle-orm']));
    const loaded = OPTIONAL.filter((p) => packages.has(p)).map((p) => `${p} (imported by ${packages.get(p)})`);
    expect(loaded).toEqual([]);
  }, 60_000);
});
