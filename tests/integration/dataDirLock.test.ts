/**
 * One process per data directory, and the first admin with the server running: the embedded
 * database's directory is locked (a second opener is refused at once, naming the holder's pid; a
 * lock left by a dead process is taken over; released on close), and ADMIN_USERNAME /
 * ADMIN_PASSWORD create the first admin at a start on an empty database. End to end with real
 * processes (`server/index.ts`, the create-admin CLI) on a temporary DATA_DIR: on PGlite the CLI is
 * refused while the server runs; on PostgreSQL it works beside the running server, which sees its
 * user at once. Either way the admin signs in again after a restart.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from '../../server/dataDirLock';
import { openDatabase } from '../../server/db';
import { freshPostgres, usePostgres } from '../support/testApp';
import { freePort } from '../support/freePort';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Start-up of a real server (tsx, PGlite's initdb and migrations on a 2-core machine): bounded, not timed. */
const START_LIMIT_MS = 90_000;
const FIRST_PASSWORD = 'ops-first-pass-1';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aq-datadir-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A pid no process has: a child that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid!;
}

describe.runIf(!usePostgres)('the data directory lock (in one process)', () => {
  it('refuses a second opener at once, naming the holder, and frees the directory on close', async () => {
    const dataDir = path.join(dir, 'in-process');
    const first = await openDatabase({ dataDir, migrate: false });
    try {
      const lock = fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8');
      expect(lock.split('\n')[0]).toBe(String(process.pid));
      const second = openDatabase({ dataDir, migrate: false });
      await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(second).rejects.toThrow(
        `The data directory ${dataDir} is in use by this process (pid ${process.pid})`,
      );
    } finally {
      await first.close();
    }
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    lockDataDir(dataDir)();
  });

  it('takes over a lock left by a process that died', () => {
    const dataDir = path.join(dir, 'stale');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, LOCK_FILE), `${deadPid()}\n2026-01-01T00:00:00.000Z\nserver/index.ts\nold\n`);
    const release = lockDataDir(dataDir);
    expect(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').split('\n')[0]).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('an unreadable lock (not a pid) is taken over too', () => {
    const dataDir = path.join(dir, 'garbage');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, LOCK_FILE), 'not a pid\n');
    lockDataDir(dataDir)();
  });

  it('leaves a lock it does not hold alone on release', () => {
    const dataDir = path.join(dir, 'replaced');
    const release = lockDataDir(dataDir);
    const other = `${deadPid()}\n2026-01-01T00:00:00.000Z\nelsewhere\nx\n`;
    fs.writeFileSync(path.join(dataDir, LOCK_FILE), other);
    release();
    expect(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).toBe(other);
  });
});

// ------------------------------------------------------------------ real processes

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Waits for a child to exit, collecting its output; fails after `limitMs`. */
function finished(child: ChildProcess, limitMs = START_LIMIT_MS): Promise<Exit> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`pid ${child.pid} still running after ${limitMs} ms:\n${stdout}\n${stderr}`));
    }, limitMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const running: ChildProcess[] = [];
afterEach(() => {
  // A failed test leaves no server behind.
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function node(script: string, env: Record<string, string>, args: string[] = []): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      SEED: 'none',
      SIMULATOR: 'off',
      CONSOLE_DIR: '/nonexistent',
      PASSWORD_SCRYPT_LOG2N: '10',
      DATABASE_URL: '',
      REDIS_URL: '',
      ADMIN_USERNAME: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  return child;
}

interface Server {
  pid: number;
  url: string;
  banner: string;
  stop(): Promise<Exit>;
}

/** Starts `server/index.ts` and resolves once its banner says it is ready (it listens by then). */
async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = node('server/index.ts', { ...env, PORT: String(port) });
  const exit = finished(child);
  let out = '';
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (/simulator: off/.test(out)) resolve(out);
    });
    void exit.then((e) =>
      reject(new Error(`server exited (${e.code}) before it was ready:\n${e.stdout}\n${e.stderr}`)),
    );
  });
  const banner = await ready;
  const url = `http://127.0.0.1:${port}`;
  expect((await fetch(`${url}/healthz`)).status).toBe(200);
  return {
    pid: child.pid!,
    url,
    banner,
    stop: () => {
      child.kill('SIGTERM');
      return exit;
    },
  };
}

function createAdminCli(env: Record<string, string>, username: string, password: string): Promise<Exit> {
  return finished(node('server/cli/createAdmin.ts', env, [username, password]));
}

async function signIn(server: Server, username: string, password: string): Promise<number> {
  const res = await fetch(`${server.url}/api/login/basic`, {
    headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` },
  });
  return res.status;
}

describe.runIf(!usePostgres)('PGlite: a second process on a running data directory', () => {
  it(
    'the first admin comes from ADMIN_USERNAME; the CLI and a second server are refused naming the pid; after a restart the admin signs in',
    { timeout: 5 * START_LIMIT_MS },
    async () => {
      const env = { DATA_DIR: path.join(dir, 'served'), ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: FIRST_PASSWORD };
      const server = await startServer(env);
      expect(server.banner).toContain('  login:    ops / the password in ADMIN_PASSWORD  (first admin, created now)');
      expect(server.banner).not.toContain(FIRST_PASSWORD);
      expect(await signIn(server, 'ops', FIRST_PASSWORD)).toBe(200);

      const cli = await createAdminCli(env, 'second', 'second-pass-1');
      expect(cli.code).toBe(1);
      expect(cli.stdout).not.toContain('Created user');
      expect(cli.stderr).toContain(`is in use by another process (pid ${server.pid}, server/index.ts`);

      const secondServer = finished(node('server/index.ts', { ...env, PORT: String(await freePort()) }));
      const refused = await secondServer;
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`is in use by another process (pid ${server.pid}`);

      // Still serving, unharmed: sign-ins write audit records.
      expect(await signIn(server, 'ops', FIRST_PASSWORD)).toBe(200);
      expect((await server.stop()).code).toBe(0);
      expect(fs.existsSync(path.join(env.DATA_DIR, LOCK_FILE))).toBe(false);

      // With the server stopped the CLI may open the directory.
      const created = await createAdminCli(env, 'second', 'second-pass-1');
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout).toContain('Created user "second"');

      // A later start changes nothing about the first admin, whatever ADMIN_PASSWORD says now.
      const restarted = await startServer({ ...env, ADMIN_PASSWORD: 'another-pass-2' });
      expect(restarted.banner).toContain('  no demo data (SEED=none)');
      expect(await signIn(restarted, 'ops', FIRST_PASSWORD)).toBe(200);
      expect(await signIn(restarted, 'ops', 'another-pass-2')).toBe(401);
      expect(await signIn(restarted, 'second', 'second-pass-1')).toBe(200);
      expect((await restarted.stop()).code).toBe(0);
    },
  );
});

describe.runIf(usePostgres)('PostgreSQL: the CLI beside the running server', () => {
  let database: Awaited<ReturnType<typeof freshPostgres>>;
  beforeAll(async () => {
    database = await freshPostgres();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it(
    'the first admin comes from ADMIN_USERNAME; a CLI-created admin signs in on the running server and after a restart',
    { timeout: 4 * START_LIMIT_MS },
    async () => {
      const env = {
        DATA_DIR: path.join(dir, 'postgres'),
        DATABASE_URL: database.url,
        ADMIN_USERNAME: 'ops',
        ADMIN_PASSWORD: FIRST_PASSWORD,
      };
      const server = await startServer(env);
      expect(server.banner).toContain('  login:    ops / the password in ADMIN_PASSWORD  (first admin, created now)');
      expect(await signIn(server, 'ops', FIRST_PASSWORD)).toBe(200);

      const cli = await createAdminCli(env, 'second', 'second-pass-1');
      expect(cli.code, cli.stderr).toBe(0);
      expect(cli.stdout).toContain('Created user "second"');
      expect(await signIn(server, 'second', 'second-pass-1')).toBe(200);
      expect((await server.stop()).code).toBe(0);

      const restarted = await startServer({ ...env, ADMIN_PASSWORD: 'another-pass-2' });
      expect(restarted.banner).toContain('  no demo data (SEED=none)');
      expect(await signIn(restarted, 'ops', FIRST_PASSWORD)).toBe(200);
      expect(await signIn(restarted, 'second', 'second-pass-1')).toBe(200);
      expect((await restarted.stop()).code).toBe(0);
    },
  );
});
