/**
 * The demo's backend worker: one per browser (a SharedWorker, so every tab of the demo sees the same
 * data and gets the others' live updates; a dedicated Worker where SharedWorker is missing). It runs
 * the reference backend (./backend.ts) and answers the pages' requests and Pusher-protocol frames
 * (./protocol.ts) — nothing here leaves the browser.
 */
import './shims/globals';
import { startDemoBackend, type DemoBackend } from './backend';
import type { PageMessage, WorkerMessage } from './protocol';

interface Port {
  postMessage(message: WorkerMessage, transfer?: Transferable[]): void;
}

const ports = new Set<Port>();
let backend: Promise<DemoBackend> | undefined;
let source: { dataUrl: string; filesUrl: string } | undefined;

async function boot(): Promise<DemoBackend> {
  const { dataUrl, filesUrl } = source!;
  const [database, files] = await Promise.all([
    fetch(dataUrl).then((r) => {
      if (!r.ok) throw new Error(`${dataUrl}: ${r.status}`);
      return r.blob();
    }),
    fetch(filesUrl).then((r) => (r.ok ? (r.json() as Promise<Record<string, string>>) : {})),
  ]);
  return startDemoBackend({ database, files });
}

function start(): Promise<DemoBackend> {
  backend ??= boot();
  return backend;
}

/** Starts again from the seed; every page but `except` (the one that asked, by reloading) reloads. */
async function reset(except?: Port): Promise<void> {
  const old = backend;
  backend = undefined;
  await (await old?.catch(() => undefined))?.close().catch(() => {});
  await start();
  for (const p of ports) if (p !== except) p.postMessage({ type: 'reset' });
}

/** A socket of the realtime hub whose other end is a page (src/demo/transport.ts's WebSocket). */
class PageSocket {
  readonly OPEN = 1;
  readyState = 1;
  private readonly handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  constructor(
    private readonly port: Port,
    private readonly sid: number,
  ) {}
  on(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    for (const h of this.handlers.get(event) ?? []) h(...args);
  }
  send(data: string) {
    if (this.readyState === 1) this.port.postMessage({ type: 'ws-message', sid: this.sid, data });
  }
  close(code = 1000, reason = '') {
    if (this.readyState !== 1) return;
    this.readyState = 3;
    this.port.postMessage({ type: 'ws-closed', sid: this.sid, code, reason });
    this.emit('close', code, reason);
  }
  terminate() {
    this.close(1006, '');
  }
  ping() {}
}

function connect(port: Port & { addEventListener?: unknown }, listen: (handler: (e: MessageEvent) => void) => void) {
  ports.add(port);
  const sockets = new Map<number, PageSocket>();
  listen((event: MessageEvent<PageMessage>) => {
    const message = event.data;
    switch (message.type) {
      case 'hello':
        source ??= { dataUrl: message.dataUrl, filesUrl: message.filesUrl };
        (message.reset && backend ? reset(port) : start()).then(
          () => port.postMessage({ type: 'ready' }),
          (err: unknown) =>
            port.postMessage({
              type: 'failed',
              message: err instanceof Error ? `${err.message}\n${err.stack}` : String(err),
            }),
        );
        break;
      case 'reset':
        void reset();
        break;
      case 'request':
        void start()
          .then(({ app }) =>
            app.inject({
              method: message.method as 'GET',
              url: message.url,
              headers: message.headers,
              payload:
                typeof message.body === 'string' ? message.body : message.body ? Buffer.from(message.body) : undefined,
            }),
          )
          .then(
            (res) => {
              if (res.statusCode >= 500)
                console.error(`demo: ${message.method} ${message.url} → ${res.statusCode} ${res.payload}`);
              const body = new Uint8Array(res.rawPayload).slice().buffer;
              const headers: Record<string, string> = {};
              for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = String(v);
              port.postMessage({ type: 'response', id: message.id, status: res.statusCode, headers, body }, [body]);
            },
            (err: unknown) => {
              console.error(`demo: ${message.method} ${message.url} failed`, err instanceof Error ? err.stack : err);
              const body = new TextEncoder().encode(JSON.stringify({ status: 500, message: String(err) })).buffer;
              port.postMessage(
                {
                  type: 'response',
                  id: message.id,
                  status: 500,
                  headers: { 'content-type': 'application/json' },
                  body,
                },
                [body],
              );
            },
          );
        break;
      case 'ws-open':
        void start().then(({ ctx }) => {
          const socket = new PageSocket(port, message.sid);
          sockets.set(message.sid, socket);
          ctx.realtime.connect(socket as never);
        });
        break;
      case 'ws-send':
        sockets.get(message.sid)?.emit('message', message.data, false);
        break;
      case 'ws-close':
        sockets.get(message.sid)?.close();
        sockets.delete(message.sid);
        break;
    }
  });
}

const scope = globalThis as unknown as {
  onconnect?: (e: MessageEvent) => void;
  addEventListener(type: 'message', handler: (e: MessageEvent) => void): void;
  postMessage(message: unknown, transfer?: Transferable[]): void;
};
if ('SharedWorkerGlobalScope' in globalThis) {
  scope.onconnect = (e: MessageEvent) => {
    const port = e.ports[0]!;
    connect(port, (handler) => {
      port.onmessage = handler;
    });
  };
} else {
  connect(scope, (handler) => scope.addEventListener('message', handler));
}
