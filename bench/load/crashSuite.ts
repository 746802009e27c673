/**
 * The crash suite: writers send writes of several kinds while a backend process is killed with
 * SIGKILL and started again; afterwards every acknowledged write must be in the database with its
 * audit record, and nothing half-applied.
 *
 * - PostgreSQL: two processes on one database (+ Redis); process 0 is killed during the writes,
 *   process 1 keeps serving (a writer whose process is down moves to the other), process 0 is
 *   started again.
 * - PGlite: one process on a data directory; it is killed and started again on the same directory
 *   (the writers wait for it).
 *
 * Writes (each writer owns its rows, so the last acknowledged value is the expected one): an
 * installation's tag value, a sensor's status (Ready ↔ InShipping), an installation request's staff
 * notes, a request's state (WAITING → HOLD, once), a sensor order (one sensor, with an
 * Idempotency-Key) and a Gen3 deployment. The check, on the database after the processes stopped:
 * - a value write: the stored value is the last acknowledged one, or one sent after it whose answer
 *   was lost in the crash; its audit records number at least the acknowledged writes and at most
 *   the acknowledged plus the unanswered ones;
 * - a create (order, deployment, state change): every acknowledged one exists, with its audit record
 *   naming it; an ordered sensor has its initial installation (the order's second table).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../server/db';
import { seedDemo } from '../../server/db/seed';
import { launchBackends, type Backends } from './backends';
import { DEMO_PASSWORD, queryRows, scratchDatabase } from './database';

export interface CrashOptions {
  kind: 'pglite' | 'postgres';
  /** PostgreSQL server to create the scratch database beside (kind postgres). */
  adminUrl?: string;
  redisUrl?: string;
  /** Kill / restart cycles. */
  cycles: number;
  /** Writes run this long before each kill, and after the last restart. */
  writeMsBeforeKill: number;
  /** Concurrent writers (each owns its rows). */
  writers: number;
  basePort: number;
  log?: (line: string) => void;
  logFile?: string;
  /**
   * After the check, delete the audit record of one acknowledged write and check again: the second
   * check must find it (`selfCheckCaught`), so a check that sees nothing is not a check that looks at nothing.
   */
  selfCheck?: boolean;
}

export interface CrashReport {
  acknowledged: Record<string, number>;
  unanswered: number;
  /** Writes acknowledged after the last restart (the restarted process, or the survivor, serves again). */
  acknowledgedAfterRestart: number;
  /** Milliseconds from spawn to ready, per restart. */
  restartMs: number[];
  problems: string[];
  /** With `selfCheck`: whether the check found the deleted audit record missing. */
  selfCheckCaught?: boolean;
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

const queryOf =
  (database: Database): Query =>
  (text) =>
    queryRows(database, text);

interface Targets {
  installationTag: number;
  installations: number[];
  readySensors: number[];
  waitingRequests: number[];
  gen3Version: string;
  gen3Sensors: number[];
}

async function targetsOf(q: Query, writers: number): Promise<Targets> {
  const ids = async (text: string) => (await q(text)).map((r) => Number(r.id));
  let [tag] = await q(`SELECT id FROM tags WHERE context = 'installations' AND type = 'STRING' ORDER BY id LIMIT 1`);
  if (!tag)
    [tag] = await q(
      `INSERT INTO tags (context, name, type, values) VALUES ('installations', 'Crash note', 'STRING', '[]') RETURNING id`,
    );
  const [version] = await q(`SELECT version FROM firmware_versions WHERE family = 'gen3' ORDER BY version LIMIT 1`);
  const targets: Targets = {
    installationTag: Number(tag!.id),
    installations: await ids(
      `SELECT installation_id AS id FROM installations WHERE removed_at IS NULL ORDER BY id LIMIT ${writers}`,
    ),
    readySensors: await ids(`SELECT id FROM sensors WHERE status = 'Ready' ORDER BY id LIMIT ${writers}`),
    waitingRequests: await ids(`SELECT id FROM installation_requests WHERE state = 'WAITING' ORDER BY id`),
    gen3Version: String(version?.version ?? ''),
    gen3Sensors: await ids(
      `SELECT id FROM sensors WHERE communication IN ('LORA', 'OTHER') AND status <> 'Retired' ORDER BY id LIMIT ${writers}`,
    ),
  };
  if (targets.installations.length < writers || targets.readySensors.length < writers)
    throw new Error('the demo data has too few installations or Ready sensors for the writers');
  return targets;
}

/** What the writers sent and what was acknowledged. */
class Ledger {
  /** key (e.g. `tag:<installation>`) → values in the order sent, with their outcome. */
  readonly values = new Map<string, { value: string; acked: boolean | undefined }[]>();
  readonly created: { kind: string; id: number }[] = [];
  readonly counts: Record<string, number> = {};
  unanswered = 0;
  readonly acknowledgedWriters = new Set<number>();
  ack(kind: string, writer: number) {
    this.counts[kind] = (this.counts[kind] ?? 0) + 1;
    this.acknowledgedWriters.add(writer);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class Writer {
  private token = '';
  private url: string;
  private round = 0;
  private requestUsed = false;
  constructor(
    private readonly backends: Backends,
    private readonly index: number,
    private readonly targets: Targets,
    private readonly ledger: Ledger,
  ) {
    this.url = backends.urls[index % backends.urls.length]!;
  }

  /** The next process when this one does not answer (or this one again, when it is the only one). */
  private failover() {
    const urls = this.backends.urls;
    this.url = urls[(urls.indexOf(this.url) + 1) % urls.length]!;
  }

  private async send(method: string, p: string, body?: unknown, headers: Record<string, string> = {}) {
    for (;;) {
      if (!this.token) {
        try {
          const basic = Buffer.from(`admin:${DEMO_PASSWORD}`).toString('base64');
          const res = await fetch(`${this.url}/api/login/basic`, {
            headers: { authorization: `Basic ${basic}` },
            signal: AbortSignal.timeout(30_000),
          });
          const json = (await res.json()) as { tokens?: { accessToken: string } };
          if (!json.tokens) throw new Error(`sign-in ${res.status}`);
          this.token = json.tokens.accessToken;
        } catch {
          this.failover();
          await sleep(100);
          continue;
        }
      }
      try {
        const res = await fetch(this.url + p, {
          method,
          headers: {
            authorization: `Bearer ${this.token}`,
            ...(body === undefined
              ? {}
              : { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' }),
            ...headers,
          },
          body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        return { status: res.status, text: await res.text() };
      } catch (err) {
        this.failover();
        // Refused: never sent, so sent again (to the next process, or this one once it is back).
        if ((err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') {
          await sleep(50);
          continue;
        }
        // Sent, no answer: it may or may not have been applied.
        return undefined;
      }
    }
  }

  /** A value write: recorded before it is sent, its outcome after. */
  private async valueWrite(kind: string, key: string, value: string, method: string, p: string, body: unknown) {
    const list = this.ledger.values.get(key) ?? [];
    this.ledger.values.set(key, list);
    const entry = { value, acked: undefined as boolean | undefined };
    list.push(entry);
    const res = await this.send(method, p, body);
    if (!res) this.ledger.unanswered++;
    else if (res.status < 300) {
      entry.acked = true;
      this.ledger.ack(kind, this.index);
    } else entry.acked = false;
    if (res && res.status >= 500) throw new Error(`${method} ${p}: ${res.status} ${res.text.slice(0, 200)}`);
  }

  async step() {
    const r = this.round++;
    const i = this.index;
    const marker = `crash w${i} r${r}`;
    const installation = this.targets.installations[i]!;
    const sensor = this.targets.readySensors[i]!;
    switch (r % 6) {
      case 0:
        return this.valueWrite(
          'tag value',
          `tag:${installation}`,
          marker,
          'PATCH',
          `/api/installations/${installation}/tags/${this.targets.installationTag}`,
          { value: marker },
        );
      case 1: {
        const to = Math.floor(r / 6) % 2 === 0 ? 'InShipping' : 'Ready';
        return this.valueWrite('sensor status', `status:${sensor}`, to, 'PATCH', `/api/sensors/${sensor}/status`, {
          status: to,
        });
      }
      case 2: {
        const request = this.targets.waitingRequests[i % Math.max(1, this.targets.waitingRequests.length)];
        if (request === undefined) return;
        return this.valueWrite(
          'request notes',
          `notes:${request}`,
          marker,
          'PATCH',
          `/api/installations/requests/${request}/notes`,
          marker,
        );
      }
      case 3: {
        const request = this.targets.waitingRequests[this.targets.waitingRequests.length - 1 - i];
        if (this.requestUsed || request === undefined) return;
        const res = await this.send('PATCH', `/api/installations/requests/${request}/state`, { state: 'HOLD' });
        if (!res) return void this.ledger.unanswered++;
        if (res.status < 300) {
          this.requestUsed = true;
          this.ledger.ack('request state', i);
          this.ledger.created.push({ kind: 'request state', id: request });
        }
        return;
      }
      case 4: {
        const res = await this.send(
          'POST',
          '/api/sensors',
          { amount: 1, communication: 'GSM', measured: ['pm25'], latitude: 52.2, longitude: 21 },
          { 'idempotency-key': `crash-${process.pid}-${marker.replace(/ /g, '-')}` },
        );
        if (!res) return void this.ledger.unanswered++;
        if (res.status >= 500) throw new Error(`order: ${res.status} ${res.text.slice(0, 200)}`);
        if (res.status < 300) {
          this.ledger.ack('sensor order', i);
          for (const m of res.text.matchAll(/"id":(\d+)/g))
            this.ledger.created.push({ kind: 'sensor order', id: Number(m[1]) });
        }
        return;
      }
      case 5: {
        const target = this.targets.gen3Sensors[i % Math.max(1, this.targets.gen3Sensors.length)];
        if (target === undefined || !this.targets.gen3Version) return;
        const res = await this.send(
          'POST',
          '/updater/gen3/deployments',
          { version: this.targets.gen3Version, sensorId: target },
          { 'idempotency-key': `crash-${process.pid}-dep-${marker.replace(/ /g, '-')}` },
        );
        if (!res) return void this.ledger.unanswered++;
        if (res.status >= 500) throw new Error(`deployment: ${res.status} ${res.text.slice(0, 200)}`);
        if (res.status < 300) {
          const id = /"id":(\d+)/.exec(res.text)?.[1];
          this.ledger.ack('deployment', i);
          if (id) this.ledger.created.push({ kind: 'deployment', id: Number(id) });
        }
        return;
      }
    }
  }
}

async function verify(q: Query, ledger: Ledger, targets: Targets, since: number): Promise<string[]> {
  const problems: string[] = [];
  const audits = async (type: string, like: string) =>
    Number(
      (
        await q(
          `SELECT count(*)::int AS n FROM audit_logs WHERE log_id > ${since} AND event_type = '${type}' AND message LIKE '${like.replace(/'/g, "''")}'`,
        )
      )[0]!.n,
    );
  for (const [key, sent] of ledger.values) {
    const [kind, idText] = key.split(':') as [string, string];
    const id = Number(idText);
    const lastAcked = sent.map((s) => s.acked).lastIndexOf(true);
    if (lastAcked < 0) continue;
    // Acceptable final values: the last acknowledged one, or any sent after it without an answer.
    const acceptable = new Set(
      sent
        .slice(lastAcked)
        .filter((s, j) => j === 0 || s.acked === undefined)
        .map((s) => s.value),
    );
    let stored: string | undefined;
    let type = '';
    let like = '';
    if (kind === 'tag') {
      const [row] = await q(
        `SELECT v.value #>> '{}' AS v FROM installation_tag_values v JOIN installations i ON i.id = v.installation_id
         WHERE i.installation_id = ${id} AND v.tag_id = ${targets.installationTag}`,
      );
      stored = row?.v as string | undefined;
      type = 'InstallationTagChanged';
      like = `Installation ${id}: %`;
    } else if (kind === 'status') {
      stored = (await q(`SELECT status AS v FROM sensors WHERE id = ${id}`))[0]?.v as string;
      type = 'SensorStatusChanged';
      like = `Sensor ${id} status changed%`;
    } else {
      stored = (await q(`SELECT staff_notes AS v FROM installation_requests WHERE id = ${id}`))[0]?.v as string;
      type = 'InstallationRequestNotesUpdated';
      like = `Installation request ${id}: staff notes%`;
    }
    if (stored === undefined || !acceptable.has(stored))
      problems.push(`${key}: stored ${JSON.stringify(stored)}, expected one of ${JSON.stringify([...acceptable])}`);
    const acked = sent.filter((s) => s.acked).length;
    const unanswered = sent.filter((s) => s.acked === undefined).length;
    const n = await audits(type, like);
    if (n < acked || n > acked + unanswered)
      problems.push(`${key}: ${n} ${type} audit records for ${acked} acknowledged and ${unanswered} unanswered writes`);
  }
  for (const c of ledger.created) {
    if (c.kind === 'sensor order') {
      const [row] = await q(`SELECT current_installation_id AS i FROM sensors WHERE id = ${c.id}`);
      if (!row) problems.push(`ordered sensor ${c.id} is missing`);
      else if (row.i == null) problems.push(`ordered sensor ${c.id} has no initial installation (half-applied)`);
    } else if (c.kind === 'deployment') {
      if (!(await q(`SELECT 1 FROM deployments WHERE id = ${c.id}`)).length)
        problems.push(`deployment ${c.id} is missing`);
      if ((await audits('DeploymentCreated', `Gen3 deployment ${c.id} %`)) !== 1)
        problems.push(`deployment ${c.id} has no audit record`);
    } else if (c.kind === 'request state') {
      const [row] = await q(`SELECT state FROM installation_requests WHERE id = ${c.id}`);
      if (row?.state !== 'HOLD') problems.push(`request ${c.id} is ${String(row?.state)}, acknowledged HOLD`);
      if ((await audits('InstallationRequestStateChanged', `Installation request ${c.id}: WAITING → HOLD`)) !== 1)
        problems.push(`request ${c.id}: no audit record of WAITING → HOLD`);
    }
  }
  const orders = ledger.counts['sensor order'] ?? 0;
  const orderAudits = await audits('SensorsOrdered', 'Ordered 1 new sensors');
  if (orderAudits < orders)
    problems.push(`${orderAudits} SensorsOrdered audit records for ${orders} acknowledged orders`);
  return problems;
}

export async function runCrashSuite(opts: CrashOptions): Promise<CrashReport> {
  const log = opts.log ?? (() => {});
  let open: () => Promise<Database>;
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  if (opts.kind === 'postgres') {
    if (!opts.adminUrl) throw new Error('the PostgreSQL crash run needs a server URL');
    const scratch = await scratchDatabase(opts.adminUrl, 'crash');
    open = () => openDatabase({ databaseUrl: scratch.url });
    env = {
      DATABASE_URL: scratch.url,
      ...(opts.redisUrl
        ? {
            REDIS_URL: opts.redisUrl,
            REALTIME_REDIS_CHANNEL: `aq-crash:${scratch.name}:realtime`,
            API_RATE_LIMIT_REDIS_PREFIX: `aq-crash:${scratch.name}:ratelimit`,
          }
        : {}),
    };
    cleanup = () => scratch.drop();
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aq-crash-'));
    open = () => openDatabase({ dataDir: dir });
    env = { DATA_DIR: dir };
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const report: CrashReport = {
    acknowledged: {},
    acknowledgedAfterRestart: 0,
    unanswered: 0,
    restartMs: [],
    problems: [],
  };
  try {
    let targets: Targets;
    let since: number;
    {
      const database = await open();
      try {
        await seedDemo(database.db, { adminPassword: DEMO_PASSWORD });
        targets = await targetsOf(queryOf(database), opts.writers);
        since = Number((await queryOf(database)(`SELECT coalesce(max(log_id), 0) AS n FROM audit_logs`))[0]!.n);
      } finally {
        await database.close();
      }
    }
    const processes = opts.kind === 'postgres' ? 2 : 1;
    const backends = await launchBackends({
      processes,
      basePort: opts.basePort,
      logFile: opts.logFile,
      env: { ...env, JWT_SECRET: 'crash-suite-signing-key-0123456789abcdef', SEED: 'none', SIMULATOR: 'off' },
    });
    const ledger = new Ledger();
    let stop = false;
    const failures: Error[] = [];
    try {
      const writers = Array.from({ length: opts.writers }, (_, i) => new Writer(backends, i, targets, ledger));
      const running = writers.map(async (w) => {
        while (!stop) {
          try {
            await w.step();
          } catch (err) {
            failures.push(err as Error);
            return;
          }
        }
      });
      // Every writer signed in and through a first write before the clock starts.
      const warmUntil = Date.now() + 60_000;
      while (ledger.acknowledgedWriters.size < opts.writers && Date.now() < warmUntil && !failures.length)
        await sleep(50);
      for (let cycle = 1; cycle <= opts.cycles; cycle++) {
        await sleep(opts.writeMsBeforeKill);
        const before = Object.values(ledger.counts).reduce((a, b) => a + b, 0);
        await backends.kill(0, 'SIGKILL');
        const ms = await backends.restart(0);
        report.restartMs.push(ms);
        log(
          `  cycle ${cycle}: killed process 0 (kill -9) after ${before} acknowledged writes; ready again in ${ms} ms`,
        );
      }
      const total = () => Object.values(ledger.counts).reduce((a, b) => a + b, 0);
      const atRestart = total();
      await sleep(opts.writeMsBeforeKill);
      stop = true;
      await Promise.all(running);
      report.acknowledgedAfterRestart = total() - atRestart;
    } finally {
      stop = true;
      await backends.stop();
    }
    for (const f of failures) report.problems.push(`server error: ${f.message}`);
    report.acknowledged = ledger.counts;
    report.unanswered = ledger.unanswered;
    const database = await open();
    try {
      const q = queryOf(database);
      report.problems.push(...(await verify(q, ledger, targets, since)));
      if (opts.selfCheck) {
        await q(
          `DELETE FROM audit_logs WHERE log_id = (SELECT max(log_id) FROM audit_logs WHERE log_id > ${since}
             AND event_type IN ('SensorStatusChanged', 'InstallationTagChanged', 'InstallationRequestNotesUpdated', 'DeploymentCreated'))`,
        );
        report.selfCheckCaught = (await verify(q, ledger, targets, since)).length > report.problems.length;
      }
    } finally {
      await database.close();
    }
  } finally {
    await cleanup();
  }
  return report;
}
