// node:http for the demo's browser build: what Fastify and light-my-request (`inject`) use — a
// server object that never listens, ServerResponse (as a function constructor: light-my-request
// calls it with `.call`) and the status texts. Plain JavaScript, as Node's own is.
import { EventEmitter } from 'events';
import { Buffer } from 'buffer';

export const STATUS_CODES = {
  100: 'Continue',
  101: 'Switching Protocols',
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  206: 'Partial Content',
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  304: 'Not Modified',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  422: 'Unprocessable Entity',
  423: 'Locked',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export const METHODS = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'];

export function ServerResponse(req) {
  EventEmitter.call(this);
  this.req = req;
  this.statusCode = 200;
  this.statusMessage = undefined;
  this.headersSent = false;
  this.finished = false;
  this.writableEnded = false;
  this.writableFinished = false;
  this.writable = true;
  this.destroyed = false;
  this.sendDate = false;
  this._hasBody = !req || req.method !== 'HEAD';
  this._headers = Object.create(null);
  this._header = '';
  this.socket = req ? req.socket || req.connection : null;
  this.connection = this.socket;
}
Object.setPrototypeOf(ServerResponse.prototype, EventEmitter.prototype);
Object.setPrototypeOf(ServerResponse, EventEmitter);

ServerResponse.prototype.setHeader = function (name, value) {
  this._headers[String(name).toLowerCase()] = value;
  return this;
};
ServerResponse.prototype.getHeader = function (name) {
  return this._headers[String(name).toLowerCase()];
};
ServerResponse.prototype.getHeaders = function () {
  return Object.assign(Object.create(null), this._headers);
};
ServerResponse.prototype.getHeaderNames = function () {
  return Object.keys(this._headers);
};
ServerResponse.prototype.hasHeader = function (name) {
  return String(name).toLowerCase() in this._headers;
};
ServerResponse.prototype.removeHeader = function (name) {
  delete this._headers[String(name).toLowerCase()];
};
ServerResponse.prototype.writeHead = function (statusCode, statusMessage, headers) {
  if (typeof statusMessage !== 'string') {
    headers = statusMessage;
    statusMessage = undefined;
  }
  this.statusCode = statusCode;
  if (statusMessage) this.statusMessage = statusMessage;
  if (headers) {
    if (Array.isArray(headers)) for (let i = 0; i < headers.length; i += 2) this.setHeader(headers[i], headers[i + 1]);
    else for (const key of Object.keys(headers)) this.setHeader(key, headers[key]);
  }
  if (this.statusCode === 204 || this.statusCode === 304) this._hasBody = false;
  this.headersSent = true;
  return this;
};
ServerResponse.prototype.flushHeaders = function () {
  if (!this.headersSent) this.writeHead(this.statusCode);
};
ServerResponse.prototype.write = function (_data, encoding, callback) {
  if (!this.headersSent) this.writeHead(this.statusCode);
  const cb = typeof encoding === 'function' ? encoding : callback;
  if (cb) queueMicrotask(cb);
  return true;
};
ServerResponse.prototype.end = function (callback) {
  if (!this.headersSent) this.writeHead(this.statusCode);
  this.finished = true;
  this.writableEnded = true;
  this.writableFinished = true;
  if (typeof callback === 'function') queueMicrotask(callback);
  return this;
};
ServerResponse.prototype.setTimeout = function () {
  return this;
};
ServerResponse.prototype.cork = function () {};
ServerResponse.prototype.uncork = function () {};
ServerResponse.prototype.assignSocket = function () {};
ServerResponse.prototype.detachSocket = function () {};
ServerResponse.prototype.writeContinue = function () {};
ServerResponse.prototype.writeEarlyHints = function () {};
ServerResponse.prototype.addTrailers = function () {};

export function IncomingMessage() {
  EventEmitter.call(this);
}
Object.setPrototypeOf(IncomingMessage.prototype, EventEmitter.prototype);

/** A server that never listens: the demo answers with `inject`. */
class Server extends EventEmitter {
  listening = false;
  keepAliveTimeout = 5000;
  requestTimeout = 0;
  headersTimeout = 60000;
  timeout = 0;
  maxHeadersCount = null;
  address() {
    return null;
  }
  listen() {
    throw new Error('the demo backend does not listen: it answers with inject');
  }
  close(cb) {
    if (cb) queueMicrotask(cb);
    return this;
  }
  closeAllConnections() {}
  closeIdleConnections() {}
  setTimeout() {
    return this;
  }
}

export function createServer(_opts, handler) {
  const server = new Server();
  const onRequest = typeof _opts === 'function' ? _opts : handler;
  if (onRequest) server.on('request', onRequest);
  return server;
}

export const Agent = function () {};
export const globalAgent = {};
export const request = () => {
  throw new Error('no HTTP client in the demo');
};
export const get = request;
export const maxHeaderSize = 16384;
export const validateHeaderName = () => {};
export const validateHeaderValue = () => {};

void Buffer;
export default {
  STATUS_CODES,
  METHODS,
  ServerResponse,
  IncomingMessage,
  Server,
  createServer,
  Agent,
  globalAgent,
  request,
  get,
  maxHeaderSize,
  validateHeaderName,
  validateHeaderValue,
};
