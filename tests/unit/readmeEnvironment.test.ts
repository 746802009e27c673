/**
 * The README's configuration table and production guide name every environment variable the server
 * reads (server/config.ts and the few read elsewhere in server/), so the guide cannot fall behind.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

/** `env.NAME`, `process.env.NAME`, `env['NAME']` and `int(env, 'NAME'` in the server's code. */
function variablesRead(): string[] {
  const names = new Set<string>();
  const pattern = /\benv(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\])|\bint\(env, '([A-Z][A-Z0-9_]+)'/g;
  for (const file of sources(path.join(root, 'server')))
    for (const m of fs.readFileSync(file, 'utf8').matchAll(pattern)) names.add((m[1] ?? m[2] ?? m[3])!);
  return [...names].sort();
}

describe('README', () => {
  it('documents every environment variable the server reads', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const read = variablesRead();
    expect(read).toContain('WORKERS');
    expect(read).toContain('DATABASE_URL');
    expect(read.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });
});
