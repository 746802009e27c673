/**
 * Several server processes (the compiled server, `node dist-server/index.js`, as `npm start` runs
 * it) on one PostgreSQL database and one Redis:
 * - a realtime event raised by one process reaches a socket connected to another;
 * - a session ended through one process is refused by another that had it in its read cache;
 * - the fleet simulator runs in exactly one of them (the holder of its advisory lock), and when
 *   that process is killed (SIGKILL) the other takes it over;
 * - WORKERS > 1 without DATABASE_URL and REDIS_URL is refused at start with a clear message.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import Pusher from 'pusher-js';
import { INSTALLATIONS_UPDATED_EVENT, userChannel } from '../../common/realtime';
import { buildServer, serverBuildIsStale, SERVER_ENTRY } from '../../scripts/buildServer.mjs';
import { SIMULATOR_LOCK } from '../../server/simulator';
import { DEMO_PASSWORD, freshPostgres, usePostgres } from '../support/testApp';
import { freePort } from '../support/freePort';

const root = path.resolve(import.meta.dirname, '../..');
const redisUrl = process.env.TEST_REDIS_URL;

/** A server process, its output kept line by line, with a wait for the first line matching a pattern. */
interface ServerProcess {
  child: ChildProcess;
  port: number;
  output: string[];
  waitFor(pattern: RegExp): Promise<string>;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>, port: number): ServerProcess {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const onText = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      output.push(line);
      for (const w of [...waiters])
        if (w.pattern.test(line)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(line);
        }
    }
  };
  child.stdout!.on('data', onText);
  child.stderr!.on('data', onText);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    port,
    output,
    exited,
    waitFor(pattern) {
      const seen = output.find((line) => pattern.test(line));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ pattern, resolve }));
    },
  };
}

/**
 * Started: the start-up banner, which the server prints once it listens (server/banner.ts), or the
 * process's exit; then /readyz answers 200 (database, migrations, Redis).
 */
async function ready(server: ServerProcess): Promise<void> {
  const started = await Promise.race([server.waitFor(/^AQ Console \S+ ready in /), server.exited.then(() => null)]);
  if (started === null) throw new Error(`server exited: ${server.output.join('\n')}`);
  const res = await fetch(`http://127.0.0.1:${server.port}/readyz`);
  expect(res.status, await res.text()).toBe(200);
}

async function login(port: number, username: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/login/basic`, {
    headers: { authorization: `Basic ${Buffer.from(`${username}:${DEMO_PASSWORD}`).toString('base64')}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { user: { id: number }; tokens: { accessToken: string } };
}

async function api(port: number, method: string, url: string, token: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

beforeAll(async () => {
  if (serverBuildIsStale()) await buildServer();
});

describe.runIf(usePostgres && redisUrl)('several processes on one PostgreSQL and one Redis', () => {
  let database: { url: string; drop(): Promise<void> };
  let dataDir: string;
  const servers: ServerProcess[] = [];
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await freshPostgres(inject('postgresTemplates')?.demo);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aq-scale-'));
    const run = crypto.randomBytes(6).toString('hex');
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl!,
      REALTIME_REDIS_CHANNEL: `aq-test:${run}`,
      API_RATE_LIMIT_REDIS_PREFIX: `aq-test:${run}:ratelimit`,
      DATA_DIR: dataDir,
      CONSOLE_DIR: '/nonexistent',
      SEED: 'none',
      JWT_SECRET: 'scale-out-test-secret-0123456789',
      SIMULATOR: 'on',
      SIMULATOR_TICK_MS: '500',
      SIMULATOR_LEADER_POLL_MS: '200',
      WORKERS: '1',
    };
    const [portA, portB] = [await freePort(), await freePort()];
    a = startServer(env, portA);
    b = startServer(env, portB);
    servers.push(a, b);
    await Promise.all([ready(a), ready(b)]);
  });

  afterAll(async () => {
    for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('an installation changed through one process reaches a pusher-js client connected to the other', async () => {
    const session = await login(a.port, 'admin');
    const client = new Pusher('aq-console-key', {
      cluster: 'local',
      wsHost: '127.0.0.1',
      wsPort: a.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
      channelAuthorization: {
        endpoint: `http://127.0.0.1:${a.port}/api/realtime/auth`,
        transport: 'ajax',
        headers: { Authorization: `Bearer ${session.tokens.accessToken}` },
      },
    });
    try {
      await new Promise<void>((resolve) => client.connection.bind('connected', () => resolve()));
      const channel = client.subscribe(userChannel(session.user.id));
      await new Promise<void>((resolve) => channel.bind('pusher:subscription_succeeded', () => resolve()));

      // Process b: the token of the session opened on a, an installation, the follow request, the edit.
      const token = session.tokens.accessToken;
      const pgClient = new pg.Client({ connectionString: database.url });
      await pgClient.connect();
      const { rows } = await pgClient
        .query<{ iid: number }>(
          'select installation_id as iid from installations where removed_at is null order by id limit 1',
        )
        .finally(() => pgClient.end());
      const shown = await api(b.port, 'GET', `/api/installations/${rows[0]!.iid}`, token);
      expect(shown.status).toBe(200);
      const first = (shown.body as { data: { installation: { info: { installationId: number; status: string } } } })
        .data.installation.info;
      expect(first.installationId).toBe(rows[0]!.iid);
      const follow = await api(b.port, 'POST', `/api/pusher/subscribe/${client.connection.socket_id}`, token, [
        first.installationId,
      ]);
      expect(follow.status).toBe(200);
      const update = new Promise<{ ids: number[] }>((resolve) => channel.bind(INSTALLATIONS_UPDATED_EVENT, resolve));
      const edit = await api(b.port, 'PATCH', `/api/installations/${first.installationId}/status`, token, {
        value: first.status,
      });
      expect(edit.status).toBe(200);
      expect((await update).ids).toEqual([first.installationId]);
    } finally {
      client.disconnect();
    }
  });

  it('a session ended through one process is refused at once by another that had it cached', async () => {
    const admin = await login(a.port, 'admin');
    const viewer = await login(a.port, 'viewer');
    const token = viewer.tokens.accessToken;
    // b reads the viewer's session and keeps it in its read cache.
    expect((await api(b.port, 'GET', '/api/preferences/presets', token)).status).toBe(200);
    expect((await api(b.port, 'GET', '/api/preferences/presets', token)).status).toBe(200);
    const ended = await api(a.port, 'POST', `/api/admin/users/${viewer.user.id}/logout`, admin.tokens.accessToken);
    expect(ended.status).toBeLessThan(300);
    // a's write reached b through the realtime bus before a answered, well within the cache's lifetime.
    expect((await api(b.port, 'GET', '/api/preferences/presets', token)).status).toBe(401);
  });

  it('runs the simulator in exactly one process, and another takes over when that one is killed', async () => {
    const leaderLine = /^simulator: runs in process (\d+)$/;
    const first = await Promise.race([a.waitFor(leaderLine), b.waitFor(leaderLine)]);
    const leaderPid = Number(leaderLine.exec(first)![1]);
    const [leader, follower] = leaderPid === a.child.pid ? [a, b] : [b, a];
    expect(leader.child.pid).toBe(leaderPid);
    expect(follower.output.some((line) => leaderLine.test(line))).toBe(false);

    // One session holds the lock.
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const holders = async () =>
        (
          await admin.query<{ n: number }>(
            `select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = $1 and granted`,
            [SIMULATOR_LOCK],
          )
        ).rows[0]!.n;
      expect(await holders()).toBe(1);

      const killedAt = Date.now();
      leader.child.kill('SIGKILL');
      await leader.exited;
      const takeover = await follower.waitFor(leaderLine);
      expect(Number(leaderLine.exec(takeover)![1])).toBe(follower.child.pid);
      console.log(`simulator taken over ${Date.now() - killedAt} ms after the leader was killed`);
      expect(await holders()).toBe(1);
      // The survivor keeps serving.
      expect((await fetch(`http://127.0.0.1:${follower.port}/readyz`)).status).toBe(200);
    } finally {
      await admin.end();
    }
  });
});

describe('WORKERS', () => {
  it('refuses several processes without PostgreSQL and Redis, with a message saying what is missing', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aq-workers-'));
    try {
      const server = startServer(
        { WORKERS: '2', DATABASE_URL: '', REDIS_URL: '', DATA_DIR: dataDir, CONSOLE_DIR: '/nonexistent' },
        await freePort(),
      );
      expect(await server.exited).toBe(2);
      const message = server.output.join('\n');
      expect(message).toMatch(/WORKERS=2 needs DATABASE_URL \(PostgreSQL\) and REDIS_URL/);
      expect(message).toMatch(/WORKERS=1/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
