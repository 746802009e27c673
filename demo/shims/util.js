// node:util for the demo's browser build: the helpers the backend's libraries call.
export function inherits(ctor, superCtor) {
  Object.setPrototypeOf(ctor.prototype, superCtor.prototype);
  Object.setPrototypeOf(ctor, superCtor);
}
const custom = Symbol.for('nodejs.util.promisify.custom');
export function promisify(fn) {
  if (fn[custom]) return fn[custom];
  return (...args) =>
    new Promise((resolve, reject) => fn(...args, (err, value) => (err ? reject(err) : resolve(value))));
}
promisify.custom = custom;
export function callbackify(fn) {
  return (...args) => {
    const cb = args.pop();
    fn(...args).then(
      (v) => cb(null, v),
      (e) => cb(e),
    );
  };
}
export function inspect(value) {
  if (typeof value === 'string') return `'${value}'`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
inspect.custom = Symbol.for('nodejs.util.inspect.custom');
export function format(fmt, ...args) {
  if (typeof fmt !== 'string') return [fmt, ...args].map(inspect).join(' ');
  let i = 0;
  const out = fmt.replace(/%[sdifjoO%]/g, (m) =>
    m === '%%'
      ? '%'
      : i < args.length
        ? m === '%s'
          ? String(args[i++])
          : m === '%d' || m === '%i' || m === '%f'
            ? String(Number(args[i++]))
            : inspect(args[i++])
        : m,
  );
  return [out, ...args.slice(i).map(inspect)].join(' ');
}
export const deprecate = (fn) => fn;
export const debuglog = () => () => {};
export const isDeepStrictEqual = (a, b) => JSON.stringify(a) === JSON.stringify(b);
export const types = {
  isPromise: (v) => v instanceof Promise,
  isRegExp: (v) => v instanceof RegExp,
  isDate: (v) => v instanceof Date,
  isUint8Array: (v) => v instanceof Uint8Array,
  isArrayBufferView: (v) => ArrayBuffer.isView(v),
  isAnyArrayBuffer: (v) => v instanceof ArrayBuffer,
  isNativeError: (v) => v instanceof Error,
  isAsyncFunction: (v) => typeof v === 'function' && v.constructor && v.constructor.name === 'AsyncFunction',
};
export const isArray = Array.isArray;
export const isError = (v) => v instanceof Error;
export const isDate = (v) => v instanceof Date;
export const isRegExp = (v) => v instanceof RegExp;
export const TextEncoder = globalThis.TextEncoder;
export const TextDecoder = globalThis.TextDecoder;
export const styleText = (_f, t) => t;
export default {
  inherits,
  promisify,
  callbackify,
  inspect,
  format,
  deprecate,
  debuglog,
  isDeepStrictEqual,
  types,
  isArray,
  isError,
  isDate,
  isRegExp,
  TextEncoder,
  TextDecoder,
  styleText,
};
