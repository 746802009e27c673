/**
 * Node's globals for the backend's code in the demo's worker: Buffer and process (imported first by
 * demo/worker.ts, before any module that reads them at load).
 */
import { Buffer } from 'buffer';
import process from 'process';
import { DEMO_ENV } from '../env';

const g = globalThis as Record<string, unknown>;
g.Buffer ??= Buffer;
const proc = process as unknown as Record<string, unknown>;
proc.env = { ...DEMO_ENV, NODE_ENV: 'production' };
proc.version = 'v20.19.0';
// No `versions.node`: PGlite (and others) would take the browser for Node and read files from disk.
proc.versions = {};
proc.platform = 'browser';
proc.pid = 1;
proc.emitWarning = () => {};
proc.exitCode = 0;
proc.memoryUsage = () => ({ rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 });
const hrtime = (prev?: [number, number]) => {
  const ns = BigInt(Math.round(performance.now() * 1e6));
  const t: [number, number] = [Number(ns / 1_000_000_000n), Number(ns % 1_000_000_000n)];
  if (!prev) return t;
  let [s, n] = [t[0] - prev[0], t[1] - prev[1]];
  if (n < 0) [s, n] = [s - 1, n + 1e9];
  return [s, n];
};
hrtime.bigint = () => BigInt(Math.round(performance.now() * 1e6));
proc.hrtime = hrtime;
proc.uptime = () => performance.now() / 1000;
g.process = process;

/** Node's timer objects (`unref`, `ref`, `refresh`), which the backend's code calls; numbers underneath. */
class Timeout {
  constructor(
    readonly id: number,
    private readonly again: () => number,
  ) {}
  unref() {
    return this;
  }
  ref() {
    return this;
  }
  hasRef() {
    return true;
  }
  refresh() {
    clearTimeout(this.id);
    (this as { id: number }).id = this.again();
    return this;
  }
  [Symbol.toPrimitive]() {
    return this.id;
  }
}
type TimerFn = (handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => number;
const plainSetTimeout = globalThis.setTimeout.bind(globalThis) as unknown as TimerFn;
const plainSetInterval = globalThis.setInterval.bind(globalThis) as unknown as TimerFn;
const plainClearTimeout = globalThis.clearTimeout.bind(globalThis);
const plainClearInterval = globalThis.clearInterval.bind(globalThis);
const idOf = (t: unknown) => (t instanceof Timeout ? t.id : (t as number | undefined));
g.setTimeout = (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
  const start = () => plainSetTimeout(fn, ms, ...args);
  return new Timeout(start(), start);
};
g.setInterval = (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
  const start = () => plainSetInterval(fn, ms, ...args);
  return new Timeout(start(), start);
};
g.clearTimeout = (t: unknown) => plainClearTimeout(idOf(t));
g.clearInterval = (t: unknown) => plainClearInterval(idOf(t));
g.setImmediate = (fn: (...a: unknown[]) => void, ...args: unknown[]) =>
  g.setTimeout && (g.setTimeout as TimerFn)(fn, 0, ...args);
g.clearImmediate = (t: unknown) => plainClearTimeout(idOf(t));
