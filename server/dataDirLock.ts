/**
 * One process per data directory. PGlite is PostgreSQL inside this process, without a postmaster to
 * share it: two processes on one directory each keep their own buffers and sequences and overwrite
 * each other's writes (a second `npm start`, the create-admin CLI or a bench beside a running
 * server left duplicate audit ids behind, and every later sign-in answered 500).
 *
 * `lockDataDir` creates `<dataDir>/aq-console.lock` holding the opener's pid (first line), start
 * time and script, and refuses at once, naming that pid, while its holder lives. A lock whose
 * process has died (killed, crashed, the machine restarted) is taken over. The lock is released
 * on close and, failing that, when the process exits.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'aq-console.lock';

export interface LockHolder {
  pid: number;
  startedAt: string;
  /** The script the holder runs (no arguments: they may carry a password). */
  script: string;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    const who =
      holder.pid === process.pid
        ? `this process (pid ${holder.pid})`
        : `another process (pid ${holder.pid}, ${holder.script || 'unknown script'}, since ${holder.startedAt || 'unknown'})`;
    super(
      `The data directory ${dataDir} is in use by ${who}: its embedded database allows one process at a time. ` +
        `Stop that process first, or let it do the work (to create the first admin with the server running, ` +
        `start it with ADMIN_USERNAME and ADMIN_PASSWORD; see the README). If pid ${holder.pid} is not an ` +
        `AQ Console process, remove ${path.join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

/** Lock files this process holds. */
const held = new Set<string>();

function parse(text: string): LockHolder | undefined {
  const [pid, startedAt = '', script = ''] = text.split('\n');
  const n = Number(pid);
  return Number.isInteger(n) && n > 0 ? { pid: n, startedAt, script } : undefined;
}

function alive(pid: number): boolean {
  // Our own pid in a lock we do not hold: left by an earlier process of that pid (a container restart).
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOrUndefined(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Creates the lock file with `content` in one step; false when it exists. */
function create(file: string, content: string, token: string): boolean {
  // Written beside it, then linked into place: no other process ever reads it half written.
  const tmp = `${file}.${process.pid}.${token}`;
  fs.writeFileSync(tmp, content, { mode: 0o644 });
  try {
    fs.linkSync(tmp, file);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV') throw err;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  // A file system without hard links: exclusive create.
  try {
    fs.writeFileSync(file, content, { flag: 'wx', mode: 0o644 });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/**
 * Takes the data directory for this process, or throws DataDirInUseError naming the live holder.
 * Returns the release function (also run at process exit).
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  if (held.has(file)) throw new DataDirInUseError(dataDir, { pid: process.pid, startedAt: '', script: '' });
  const token = crypto.randomBytes(8).toString('hex');
  const script = process.argv[1] ? path.relative(process.cwd(), process.argv[1]) : '';
  const content = `${process.pid}\n${new Date().toISOString()}\n${script}\n${token}\n`;

  for (let attempt = 0; ; attempt++) {
    if (create(file, content, token)) break;
    const current = readOrUndefined(file);
    if (current === undefined) continue; // released meanwhile: try again
    const holder = parse(current);
    if (holder && alive(holder.pid)) throw new DataDirInUseError(dataDir, holder);
    if (attempt >= 5) throw new Error(`Could not take over the stale lock ${file}; remove it and start again`);
    // Stale: moved aside, then checked to still be the lock judged stale (another process taking
    // it over at the same moment may have put its own there); a fresh one is put back.
    const aside = `${file}.stale.${token}`;
    try {
      fs.renameSync(file, aside);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    if (readOrUndefined(aside) !== current) {
      try {
        fs.linkSync(aside, file);
      } catch {
        // Someone else holds it now: the next round reads them.
      }
    }
    fs.rmSync(aside, { force: true });
  }

  held.add(file);
  const release = () => {
    process.off('exit', release);
    if (!held.delete(file)) return;
    try {
      if (readOrUndefined(file) === content) fs.unlinkSync(file);
    } catch {
      // Gone already, or the directory was removed: nothing left to release.
    }
  };
  process.on('exit', release);
  return release;
}
