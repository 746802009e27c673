// node:stream for the demo's browser build: readable-stream 4 (Node's streams, as a package).
import stream from '../../node_modules/@fastify/compress/node_modules/readable-stream/lib/ours/browser.js';

export const { Readable, Writable, Duplex, Transform, PassThrough, Stream, pipeline, finished, addAbortSignal } =
  stream;
export const promises = stream.promises;
export default stream;
