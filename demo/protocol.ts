/** Messages between the demo's pages and its backend worker (demo/worker.ts, src/demo/). */
export interface DemoRequest {
  type: 'request';
  id: number;
  method: string;
  /** Path and query, e.g. `/api/installations?page=1`. */
  url: string;
  headers: Record<string, string>;
  body?: ArrayBuffer | string;
}

export type PageMessage =
  | { type: 'hello'; dataUrl: string; filesUrl: string; reset: boolean }
  | DemoRequest
  | { type: 'ws-open'; sid: number; url: string }
  | { type: 'ws-send'; sid: number; data: string }
  | { type: 'ws-close'; sid: number }
  | { type: 'reset' };

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'response'; id: number; status: number; headers: Record<string, string>; body: ArrayBuffer }
  | { type: 'ws-message'; sid: number; data: string }
  | { type: 'ws-closed'; sid: number; code: number; reason: string }
  /** The data was reset (Reset demo, or a reload in another tab): every page reloads. */
  | { type: 'reset' };
