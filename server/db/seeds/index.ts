/** Loads every per-entity seed module of this folder (each file's default export). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SeedModule } from './types';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const NOT_MODULES = new Set(['index', 'types']);

let loaded: Promise<SeedModule[]> | undefined;

export function seedModules(): Promise<SeedModule[]> {
  loaded ??= (async () => {
    const files = fs
      .readdirSync(HERE)
      .filter((f) => /\.(ts|js|mjs)$/.test(f) && !f.endsWith('.d.ts') && !NOT_MODULES.has(f.replace(/\.\w+$/, '')))
      .sort();
    const modules = await Promise.all(
      files.map(
        async (f) => ((await import(pathToFileURL(path.join(HERE, f)).href)) as { default: SeedModule }).default,
      ),
    );
    return modules;
  })();
  return loaded;
}
