// What the demo never runs (PostgreSQL, Redis, the websocket server, compression, static files,
// the OpenAPI pages): a Fastify plugin that does nothing, and an empty client class.
function plugin(_app, _opts, done) {
  if (typeof done === 'function') done();
}
plugin[Symbol.for('skip-override')] = true;
class Unavailable {
  constructor() {
    throw new Error('not available in the demo');
  }
}
export const Pool = Unavailable;
export const Client = Unavailable;
export const Redis = Unavailable;
export const types = { setTypeParser() {} };
export default Object.assign(plugin, { Pool, Client, types, default: plugin });
