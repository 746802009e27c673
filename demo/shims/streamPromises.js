// node:stream/promises for the demo's browser build.
import stream from '../../node_modules/@fastify/compress/node_modules/readable-stream/lib/ours/browser.js';

export const { pipeline, finished } = stream.promises;
export default stream.promises;
