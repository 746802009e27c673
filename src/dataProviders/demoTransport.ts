/**
 * The demo build's way to the services: the reference backend running in a (shared) worker of this
 * browser (demo/worker.ts). Requests become messages to it, its answers `Response`s; pusher-js's
 * WebSocket to `/app/{key}` becomes a message channel to the backend's realtime hub. Nothing leaves
 * the browser. Only the demo entry (src/demo/main.tsx) imports this module.
 */
import type { DemoRequest, PageMessage, WorkerMessage } from '../../demo/protocol';
import { setTransport } from './http';

interface WorkerLink {
  post(message: PageMessage, transfer?: Transferable[]): void;
}

let link: WorkerLink | undefined;
let nextId = 1;
const pending = new Map<number, (m: Extract<WorkerMessage, { type: 'response' }>) => void>();
const sockets = new Map<number, DemoSocket>();
let onReset: () => void = () => window.location.reload();

/** The origin-relative path and query of a service URL (the worker's `inject` takes these). */
const pathOf = (url: string) => {
  const u = new URL(url, window.location.origin);
  return u.pathname + u.search;
};

async function demoFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, key) => (headers[key] = value));
  let body: ArrayBuffer | string | undefined;
  if (typeof init.body === 'string') body = init.body;
  else if (init.body != null) {
    // FormData (uploads) and the rest: encoded as the browser would send them, type included.
    const encoded = new Request('http://demo.invalid/', { method: 'POST', body: init.body });
    body = await encoded.arrayBuffer();
    const type = encoded.headers.get('content-type');
    if (type) headers['content-type'] = type;
  }
  if (init.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
  const id = nextId++;
  const answer = new Promise<Extract<WorkerMessage, { type: 'response' }>>((resolve, reject) => {
    pending.set(id, resolve);
    init.signal?.addEventListener('abort', () => {
      pending.delete(id);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });
  const outgoing: DemoRequest = { type: 'request', id, method: init.method ?? 'GET', url: pathOf(url), headers, body };
  link!.post(outgoing, body instanceof ArrayBuffer ? [body] : []);
  const res = await answer;
  const empty = res.status === 204 || res.status === 304;
  return new Response(empty ? null : res.body, { status: res.status, headers: res.headers });
}

/** pusher-js's WebSocket in the demo: frames go to and come from the backend's realtime hub. */
class DemoSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  private static next = 1;
  readonly sid = DemoSocket.next++;
  readyState = 0;
  protocol = '';
  binaryType: BinaryType = 'blob';
  bufferedAmount = 0;
  extensions = '';
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  constructor(readonly url: string) {
    super();
    sockets.set(this.sid, this);
    link!.post({ type: 'ws-open', sid: this.sid, url: pathOf(url.replace(/^ws/, 'http')) });
    queueMicrotask(() => {
      this.readyState = 1;
      this.fire(new Event('open'));
    });
  }
  private fire(event: Event) {
    this.dispatchEvent(event);
    const handler = (this as unknown as Record<string, ((e: Event) => void) | null>)[`on${event.type}`];
    handler?.call(this, event);
  }
  receive(data: string) {
    if (this.readyState === 1) this.fire(new MessageEvent('message', { data }));
  }
  closed(code: number, reason: string) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    sockets.delete(this.sid);
    this.fire(new CloseEvent('close', { code, reason, wasClean: code === 1000 }));
  }
  send(data: string) {
    if (this.readyState === 1) link!.post({ type: 'ws-send', sid: this.sid, data: String(data) });
  }
  close(code = 1000, reason = '') {
    if (this.readyState >= 2) return;
    link!.post({ type: 'ws-close', sid: this.sid });
    this.closed(code, reason);
  }
}

function receive(message: WorkerMessage) {
  switch (message.type) {
    case 'response':
      pending.get(message.id)?.(message);
      pending.delete(message.id);
      break;
    case 'ws-message':
      sockets.get(message.sid)?.receive(message.data);
      break;
    case 'ws-closed':
      sockets.get(message.sid)?.closed(message.code, message.reason);
      break;
    case 'reset':
      onReset();
      break;
  }
}

export interface DemoStart {
  /** The database dumped at build time, and the seeded files. */
  dataUrl: URL;
  filesUrl: URL;
  /** Start from the seed again (a reload of the page): every other tab of the demo reloads too. */
  reset: boolean;
}

/**
 * Connects to the demo's backend (started by the first tab), routes the service clients and the
 * realtime socket to it, and resolves once it answers.
 */
export function startDemoTransport(start: DemoStart): Promise<void> {
  let ready: (value: WorkerMessage) => void = () => {};
  const first = new Promise<WorkerMessage>((resolve) => (ready = resolve));
  const handle = (e: MessageEvent<WorkerMessage>) => {
    if (e.data.type === 'ready' || e.data.type === 'failed') ready(e.data);
    else receive(e.data);
  };
  // The worker's script, a SharedWorker where the browser has one (every tab then shares one backend).
  if (typeof SharedWorker !== 'undefined') {
    const worker = new SharedWorker(new URL('../../demo/worker.ts', import.meta.url), {
      type: 'module',
      name: 'aq-demo',
    });
    worker.port.onmessage = handle;
    link = { post: (m, transfer = []) => worker.port.postMessage(m, transfer) };
  } else {
    const worker = new Worker(new URL('../../demo/worker.ts', import.meta.url), { type: 'module', name: 'aq-demo' });
    worker.onmessage = handle;
    link = { post: (m, transfer = []) => worker.postMessage(m, transfer) };
  }
  setTransport(demoFetch);
  (window as unknown as { WebSocket: unknown }).WebSocket = DemoSocket;
  link.post({ type: 'hello', dataUrl: start.dataUrl.href, filesUrl: start.filesUrl.href, reset: start.reset });
  return first.then((m) => {
    if (m.type === 'failed') throw new Error(m.message);
  });
}

/** Starts the demo's data again from the seed; every tab of the demo reloads. */
export function resetDemo(): void {
  link?.post({ type: 'reset' });
}

/** Fetch through the demo's backend (the runtime configuration, before the console renders). */
export const demoFetchImpl: typeof fetch = demoFetch;

/** What a tab does when the data was reset (default: reload). */
export function onDemoReset(handler: () => void): void {
  onReset = handler;
}
