/**
 * node:fs for the demo's browser build: an in-memory file system (the file store's directory of
 * seeded and uploaded files). Anything else the backend reads from disk does not exist here.
 */
import { Buffer } from 'buffer';
import { Readable } from 'stream';

const files = new Map<string, Uint8Array>();
const norm = (p: string) => p.replace(/\/+/g, '/').replace(/\/$/, '');

export function writeMemoryFile(p: string, bytes: Uint8Array): void {
  files.set(norm(p), bytes);
}
export function clearMemoryFiles(): void {
  files.clear();
}

function enoent(p: string): Error {
  return Object.assign(new Error(`ENOENT: no such file or directory, '${p}'`), { code: 'ENOENT' });
}

const isDir = (p: string) => {
  const prefix = norm(p) + '/';
  for (const key of files.keys()) if (key.startsWith(prefix)) return true;
  return false;
};

export const existsSync = (p: string) => files.has(norm(String(p))) || isDir(String(p));

export function readFileSync(p: string, encoding?: BufferEncoding | { encoding?: BufferEncoding }): Buffer | string {
  const bytes = files.get(norm(String(p)));
  if (!bytes) throw enoent(String(p));
  const enc = typeof encoding === 'string' ? encoding : encoding?.encoding;
  const buf = Buffer.from(bytes);
  return enc ? buf.toString(enc) : buf;
}

export function writeFileSync(p: string, data: string | Uint8Array): void {
  files.set(norm(String(p)), typeof data === 'string' ? Buffer.from(data) : data);
}

export function mkdirSync(): void {}
export function rmSync(p: string): void {
  files.delete(norm(String(p)));
}
export function readdirSync(p: string): string[] {
  const prefix = norm(String(p)) + '/';
  const names = new Set<string>();
  for (const key of files.keys()) if (key.startsWith(prefix)) names.add(key.slice(prefix.length).split('/')[0]!);
  return [...names];
}
export function statSync(p: string) {
  const bytes = files.get(norm(String(p)));
  if (!bytes && !isDir(String(p))) throw enoent(String(p));
  return { size: bytes?.length ?? 0, isFile: () => !!bytes, isDirectory: () => !bytes, mtimeMs: 0, mtime: new Date(0) };
}

export const promises = {
  readFile: async (p: string, encoding?: BufferEncoding) => readFileSync(p, encoding),
  writeFile: async (p: string, data: string | Uint8Array) => writeFileSync(p, data),
  mkdir: async () => {},
  rename: async (from: string, to: string) => {
    const bytes = files.get(norm(from));
    if (!bytes) throw enoent(from);
    files.delete(norm(from));
    files.set(norm(to), bytes);
  },
  rm: async (p: string) => rmSync(p),
  unlink: async (p: string) => rmSync(p),
  stat: async (p: string) => statSync(p),
  readdir: async (p: string) => readdirSync(p),
};

export const { readFile, writeFile, mkdir, rename, rm, unlink, stat, readdir } = promises;

const unsupported = () => {
  throw new Error('not available in the demo');
};
/**
 * A file of the memory as a stream, as the file store reads it (server/storage/byteStores.ts waits
 * for 'ready', or an ENOENT 'error', before handing it out).
 */
export function createReadStream(p: string): Readable {
  const bytes = files.get(norm(String(p)));
  const stream = new Readable({ read() {} });
  setTimeout(() => {
    if (!bytes) {
      stream.destroy(enoent(String(p)));
      return;
    }
    stream.emit('ready');
    stream.push(Buffer.from(bytes));
    stream.push(null);
  }, 0);
  return stream;
}
export const createWriteStream = unsupported;
export const openSync = unsupported;
export const closeSync = () => {};
export const constants = { F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1 };

export default {
  existsSync,
  readFileSync,
  writeFileSync,
  mkdirSync,
  rmSync,
  readdirSync,
  statSync,
  promises,
  createReadStream,
  createWriteStream,
  openSync,
  closeSync,
  constants,
};
