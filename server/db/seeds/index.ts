/**
 * Loads every standalone seed module of this folder: a file whose default export is a SeedModule
 * (`defineSeed`). The other files are the builders of the demo network, composed in order by
 * server/db/seed.ts because their rows reference each other.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SeedModule } from './types';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const NOT_MODULES = new Set(['index', 'types']);

let loaded: Promise<SeedModule[]> | undefined;

const isSeedModule = (value: unknown): value is SeedModule =>
  typeof value === 'object' && value !== null && typeof (value as SeedModule).rows === 'function';

export function seedModules(): Promise<SeedModule[]> {
  loaded ??= (async () => {
    const files = fs
      .readdirSync(HERE)
      .filter((f) => /\.(ts|js|mjs)$/.test(f) && !f.endsWith('.d.ts') && !NOT_MODULES.has(f.replace(/\.\w+$/, '')))
      .sort();
    const exports = await Promise.all(
      files.map(async (f) => ((await import(pathToFileURL(path.join(HERE, f)).href)) as { default?: unknown }).default),
    );
    return exports.filter(isSeedModule);
  })();
  return loaded;
}
