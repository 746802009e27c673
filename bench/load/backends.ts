/**
 * The one place the load and crash suites start backend processes: `n` separate compiled servers
 * (`node dist-server/index.js`, as `npm start` runs one; built first when the sources are newer),
 * each on its own port, against the same database (and Redis), the client spreading its sessions
 * over them round-robin — what a load balancer in front of `n` machines does. Separate processes,
 * not `WORKERS=n` (one port, Node's cluster module), because the crash suite kills one process and
 * must see the other keep serving on its own address.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverBuildIsStale, SERVER_ENTRY } from '../../scripts/buildServer.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface BackendOptions {
  /** How many processes. */
  processes: number;
  /** Port of the first process; the others take the following ones. 0: free ports chosen here. */
  basePort: number;
  /** Environment of every process (DATABASE_URL or DATA_DIR, REDIS_URL, JWT_SECRET, …). */
  env: Record<string, string>;
  /** Per-process extra environment (e.g. the simulator in one process only). */
  envOf?: (index: number) => Record<string, string>;
  /** Where the processes' output goes (appended); default: discarded. */
  logFile?: string;
  /** How long a start may take before it counts as failed (default 120 s). */
  readyTimeoutMs?: number;
}

export interface Backends {
  /** Base URL of each process (`http://127.0.0.1:<port>`). */
  urls: string[];
  /** Process id of each process. */
  pids(): number[];
  /** Sends a signal to process `index` and waits for it to exit. */
  kill(index: number, signal?: NodeJS.Signals): Promise<void>;
  /** Starts process `index` again; resolves with the milliseconds from spawn to ready. */
  restart(index: number): Promise<number>;
  /** Stops every process (SIGTERM, then SIGKILL after 10 s). */
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the process at `url` answers: /readyz when it exists, else /healthz. */
export async function isReady(url: string): Promise<boolean> {
  for (const probe of ['/readyz', '/healthz']) {
    try {
      const res = await fetch(url + probe, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 404) continue;
      return res.ok;
    } catch {
      return false;
    }
  }
  return false;
}

/** A loopback port free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function launchBackends(opts: BackendOptions): Promise<Backends> {
  if (serverBuildIsStale()) await buildServer();
  const children: (ChildProcess | undefined)[] = [];
  const exited: boolean[] = [];
  const ports: number[] = [];
  for (let i = 0; i < opts.processes; i++) ports.push(opts.basePort ? opts.basePort + i : await freePort());
  const urls = ports.map((port) => `http://127.0.0.1:${port}`);
  const log = opts.logFile ? fs.openSync(opts.logFile, 'a') : 'ignore';

  const spawnOne = (i: number) => {
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: root,
      stdio: ['ignore', log, log],
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(ports[i]),
        ...opts.env,
        ...opts.envOf?.(i),
      },
    });
    children[i] = child;
    exited[i] = false;
    child.on('exit', () => (exited[i] = true));
    return child;
  };

  const waitReady = async (i: number, started: number) => {
    const timeout = opts.readyTimeoutMs ?? 120_000;
    while (!(await isReady(urls[i]!))) {
      if (exited[i])
        throw new Error(`backend ${i} (${urls[i]}) exited before it was ready; see ${opts.logFile ?? 'its log'}`);
      if (Date.now() - started > timeout) throw new Error(`backend ${i} (${urls[i]}) not ready after ${timeout} ms`);
      await sleep(50);
    }
    return Date.now() - started;
  };

  const backends: Backends = {
    urls,
    pids: () => children.map((c) => c?.pid ?? 0),
    async kill(i, signal = 'SIGKILL') {
      const child = children[i];
      if (!child || exited[i]) return;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill(signal);
      await gone;
    },
    async restart(i) {
      const started = Date.now();
      spawnOne(i);
      return waitReady(i, started);
    },
    async stop() {
      await Promise.all(
        children.map(async (child, i) => {
          if (!child || exited[i]) return;
          const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          await gone;
          clearTimeout(timer);
        }),
      );
      if (typeof log === 'number') fs.closeSync(log);
    },
  };
  try {
    const started = Date.now();
    for (let i = 0; i < opts.processes; i++) spawnOne(i);
    for (let i = 0; i < opts.processes; i++) await waitReady(i, started);
  } catch (err) {
    await backends.stop();
    throw err;
  }
  return backends;
}
