// node:buffer for the demo's browser build: the buffer package, taught the `base64url` encoding
// (Node has it; the package does not).
import buffer from '../../node_modules/buffer/index.js';

const { Buffer } = buffer;
if (!Buffer.isEncoding('base64url')) {
  const toString = Buffer.prototype.toString;
  Buffer.prototype.toString = function (encoding, start, end) {
    if (String(encoding).toLowerCase() !== 'base64url') return toString.call(this, encoding, start, end);
    return toString.call(this, 'base64', start, end).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  };
  const from = Buffer.from;
  Buffer.from = function (value, encodingOrOffset, length) {
    if (typeof value === 'string' && String(encodingOrOffset).toLowerCase() === 'base64url')
      return from.call(Buffer, value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return from.call(Buffer, value, encodingOrOffset, length);
  };
  const isEncoding = Buffer.isEncoding;
  Buffer.isEncoding = (encoding) => String(encoding).toLowerCase() === 'base64url' || isEncoding(encoding);
  const byteLength = Buffer.byteLength;
  Buffer.byteLength = (value, encoding) =>
    String(encoding).toLowerCase() === 'base64url'
      ? Buffer.from(value, 'base64url').length
      : byteLength(value, encoding);
}

export { Buffer };
export const { SlowBuffer, kMaxLength, constants } = buffer;
export const Blob = globalThis.Blob;
export const File = globalThis.File;
export const atob = globalThis.atob;
export const btoa = globalThis.btoa;
export default { ...buffer, Buffer, Blob, File, atob, btoa };
