// The Node built-ins the backend's libraries import but the demo never uses for real: enough for
// their modules to load (diagnostics_channel, async_hooks, os, net, dns, zlib, perf_hooks…).
const noop = () => {};
const channelObject = () => ({
  hasSubscribers: false,
  publish: noop,
  subscribe: noop,
  unsubscribe: noop,
  bindStore: noop,
  unbindStore: noop,
  runStores: (_d, fn, thisArg, ...args) => fn.apply(thisArg, args),
});
export const channel = channelObject;
export const hasSubscribers = () => false;
export const subscribe = noop;
export const unsubscribe = noop;
export const tracingChannel = () => {
  const c = channelObject();
  return {
    ...c,
    start: c,
    end: c,
    asyncStart: c,
    asyncEnd: c,
    error: c,
    traceSync: (fn, _ctx, thisArg, ...args) => fn.apply(thisArg, args),
    tracePromise: (fn, _ctx, thisArg, ...args) => fn.apply(thisArg, args),
    traceCallback: (fn, _p, _ctx, thisArg, ...args) => fn.apply(thisArg, args),
  };
};
export class AsyncResource {
  constructor() {}
  runInAsyncScope(fn, thisArg, ...args) {
    return fn.apply(thisArg, args);
  }
  bind(fn) {
    return fn;
  }
  emitDestroy() {
    return this;
  }
  static bind(fn) {
    return fn;
  }
}
export class AsyncLocalStorage {
  store = undefined;
  getStore() {
    return this.store;
  }
  run(store, fn, ...args) {
    const prev = this.store;
    this.store = store;
    try {
      return fn(...args);
    } finally {
      this.store = prev;
    }
  }
  enterWith(store) {
    this.store = store;
  }
  disable() {}
}
export const executionAsyncId = () => 0;
export const createHook = () => ({ enable: noop, disable: noop });
// os
export const hostname = () => 'demo';
export const EOL = '\n';
export const platform = () => 'browser';
export const cpus = () => [{}];
export const availableParallelism = () => 1;
export const tmpdir = () => '/tmp';
export const homedir = () => '/';
export const type = () => 'Browser';
export const release = () => '';
export const arch = () => 'wasm';
export const totalmem = () => 0;
export const freemem = () => 0;
export const networkInterfaces = () => ({});
// net
export const isIP = (s) => (/^\d{1,3}(\.\d{1,3}){3}$/.test(s) ? 4 : /:/.test(s) ? 6 : 0);
export const isIPv4 = (s) => isIP(s) === 4;
export const isIPv6 = (s) => isIP(s) === 6;
export class BlockList {
  addAddress() {}
  addRange() {}
  addSubnet() {}
  check() {
    return false;
  }
}
export class Socket {}
// dns
export const lookup = (_h, _o, cb) => (typeof _o === 'function' ? _o : cb)(new Error('no DNS in the demo'));
// perf_hooks
export const performance = globalThis.performance;
export const monitorEventLoopDelay = () => ({
  enable: noop,
  disable: noop,
  percentile: () => 0,
  mean: 0,
  max: 0,
  reset: noop,
});
// zlib: nothing is compressed in the demo (no wire)
const unsupported = () => {
  throw new Error('zlib is not available in the demo');
};
export const brotliCompressSync = unsupported;
export const gzipSync = unsupported;
export const deflateSync = unsupported;
export const inflateSync = unsupported;
export const gunzipSync = unsupported;
export const createGzip = unsupported;
export const createBrotliCompress = unsupported;
export const createDeflate = unsupported;
export const brotliCompress = unsupported;
export const gzip = unsupported;
export const constants = {
  BROTLI_PARAM_QUALITY: 1,
  BROTLI_MAX_QUALITY: 11,
  BROTLI_PARAM_SIZE_HINT: 5,
  Z_BEST_COMPRESSION: 9,
  Z_SYNC_FLUSH: 2,
};
// timers/promises
export const setTimeout = (ms, value) => new Promise((resolve) => globalThis.setTimeout(() => resolve(value), ms));
export const setImmediate = (value) => new Promise((resolve) => globalThis.setTimeout(() => resolve(value), 0));
export default {
  channel,
  hasSubscribers,
  subscribe,
  unsubscribe,
  tracingChannel,
  AsyncResource,
  AsyncLocalStorage,
  executionAsyncId,
  createHook,
  hostname,
  EOL,
  platform,
  cpus,
  availableParallelism,
  tmpdir,
  homedir,
  type,
  release,
  arch,
  totalmem,
  freemem,
  networkInterfaces,
  isIP,
  isIPv4,
  isIPv6,
  BlockList,
  Socket,
  lookup,
  performance,
  monitorEventLoopDelay,
  brotliCompressSync,
  gzipSync,
  deflateSync,
  inflateSync,
  gunzipSync,
  createGzip,
  createBrotliCompress,
  createDeflate,
  brotliCompress,
  gzip,
  constants,
};
