/* global require, module */
// pino for the demo's browser build: pino's browser build, plus what Fastify reads from the Node
// one (`symbols`, `destination`). CommonJS, as Fastify requires it. Log lines go to the console.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pino = require('../../node_modules/pino/browser.js');

function shimmed(opts) {
  return pino({ ...(opts || {}), browser: { asObject: false } });
}
Object.assign(shimmed, pino, {
  symbols: { serializersSym: Symbol('pino.serializers') },
  destination: () => ({ write() {} }),
});
shimmed.default = shimmed;
shimmed.pino = shimmed;
module.exports = shimmed;
