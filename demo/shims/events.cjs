/* global require, module */
// node:events for the demo's browser build: the events package, plus what Node's has beside it.
// CommonJS, so `require('events')` is the EventEmitter class itself, as in Node.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const EventEmitter = require('../../node_modules/events/events.js');

EventEmitter.setMaxListeners = EventEmitter.setMaxListeners || function () {};
EventEmitter.errorMonitor = EventEmitter.errorMonitor || Symbol('events.errorMonitor');
module.exports = EventEmitter;
