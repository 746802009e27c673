/**
 * The demo's data, made at build time by the backend's own code: a fresh PGlite database with the
 * server's migrations, built-in roles and the deterministic demo seed (server/db/seed.ts + seeds/,
 * the generator `npm start` uses on an empty database), dumped as PGlite's data directory, plus the
 * bytes of the seeded files. The browser loads both (demo/worker.ts), so the demo's data is the
 * backend's demo data, and every reload starts again from it.
 *
 *   npx tsx demo/buildData.ts <out dir>   → <out>/demo-db.tar.gz, <out>/demo-files.json
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db';
import { ensureBuiltInRoles, seedDemo } from '../server/db/seed';
import { FileStore } from '../server/storage/files';
import { DEFAULT_ADMIN_PASSWORD } from '../server/config';

export async function buildDemoData(outDir: string): Promise<{ dbBytes: number; files: number }> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'aq-demo-'));
  try {
    const files = new FileStore(path.join(scratch, 'files'));
    const dbh = await openDatabase({});
    await ensureBuiltInRoles(dbh.db);
    await seedDemo(dbh.db, { adminPassword: DEFAULT_ADMIN_PASSWORD, files });
    const dump = await dbh.pglite!.dumpDataDir('gzip');
    await dbh.close();
    fs.mkdirSync(outDir, { recursive: true });
    const dbBytes = new Uint8Array(await dump.arrayBuffer());
    fs.writeFileSync(path.join(outDir, 'demo-db.tar.gz'), dbBytes);
    // Every seeded file as {key: base64}, written into the in-memory file store at DEMO_FILES_ROOT.
    const stored: Record<string, string> = {};
    const root = path.join(scratch, 'files');
    if (fs.existsSync(root))
      for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true }))
        if (entry.isFile()) {
          const full = path.join(entry.parentPath, entry.name);
          stored[path.relative(root, full).split(path.sep).join('/')] = fs.readFileSync(full).toString('base64');
        }
    fs.writeFileSync(path.join(outDir, 'demo-files.json'), JSON.stringify(stored));
    return { dbBytes: dbBytes.length, files: Object.keys(stored).length };
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const out = process.argv[2] ?? '.tmp/demo-data';
  const t0 = Date.now();
  const { dbBytes, files } = await buildDemoData(out);
  console.log(`demo data: ${(dbBytes / 1024).toFixed(0)} KiB database, ${files} files, ${Date.now() - t0} ms`);
}
