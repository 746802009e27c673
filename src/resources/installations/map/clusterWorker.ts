/**
 * The map's clustering index as the React code sees it: `openClusterIndex(points)` starts a worker
 * (clusters.worker.ts) for one points feed, sends it the packed feed once and answers with promises
 * — the markers of a view, a cluster's leaves, its expansion zoom. The page stays responsive while
 * 100,000 installations are indexed.
 *
 * Every answer may be `null`: the index was closed (unmounted, or a new feed replaced it), or, for
 * markers, a newer view was asked for since — an older viewport's answer is dropped, never drawn
 * over a newer one. Where there is no `Worker` (jsdom, very old browsers), or the worker fails to
 * start, the same handler runs on the main thread behind the same API.
 */
import type { InstallationPoint, MapInstallation, MapMarker } from './clusters';
import {
  createClusterHandler,
  packPoints,
  type BBox,
  type ClusterAnswer,
  type ClusterRequest,
} from './clusterMessages';

/** One way to reach a cluster handler. */
export interface ClusterTransport {
  post(request: ClusterRequest, transfer: Transferable[]): void;
  close(): void;
}
/** Opens a transport delivering answers to `answer`; `fail` is called if it breaks. */
export type Connect = (answer: (a: ClusterAnswer) => void, fail: (error: Error) => void) => ClusterTransport;

/** A module worker: the feed's buffer is transferred, answers come back as messages. */
export const connectWorker: Connect = (answer, fail) => {
  const worker = new Worker(new URL('./clusters.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<ClusterAnswer>) => answer(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    fail(new Error(event.message || 'cluster worker failed'));
  };
  worker.onmessageerror = () => fail(new Error('cluster worker message could not be read'));
  return { post: (request, transfer) => worker.postMessage(request, transfer), close: () => worker.terminate() };
};

/**
 * The main-thread fallback: the same handler, each request run in its own task (in order), so the
 * caller's code and a first paint run before an index build blocks.
 */
export const connectMainThread: Connect = (answer) => {
  const handle = createClusterHandler();
  let closed = false;
  return {
    post: (request) =>
      setTimeout(() => {
        if (!closed) answer(handle(request));
      }, 0),
    close: () => {
      closed = true;
    },
  };
};

const defaultConnect = (): Connect => (typeof Worker === 'undefined' ? connectMainThread : connectWorker);

export interface ClusterIndex {
  /** Installations in the feed. */
  readonly count: number;
  /** True once the index is built, false if it was closed first; rejects if building failed. */
  readonly ready: Promise<boolean>;
  /** The markers of a view, or null when a newer view was asked for since (or the index closed). */
  markersIn(bbox: BBox, zoom: number): Promise<MapMarker[] | null>;
  /** Installations of a cluster (at most `limit`). */
  clusterLeaves(clusterId: number, limit: number): Promise<MapInstallation[] | null>;
  /** The zoom at which a cluster splits. */
  expansionZoom(clusterId: number): Promise<number | null>;
  /** Stops the worker; pending and later requests answer null. */
  close(): void;
}

interface Pending {
  request: ClusterRequest;
  settle: (answer: ClusterAnswer | null) => void;
  reject: (error: Error) => void;
}

type AnswerTo<T extends ClusterRequest['type']> = Extract<ClusterAnswer, { type: T }>;

export function openClusterIndex(
  points: readonly InstallationPoint[],
  connect: Connect = defaultConnect(),
): ClusterIndex {
  const pending = new Map<number, Pending>();
  let lastId = 0;
  /** The id of the latest markers request: only its answer is delivered. */
  let latestView = 0;
  let loaded = false;
  let closed = false;
  let broken: Error | null = null;

  const answer = (a: ClusterAnswer) => {
    const p = pending.get(a.id);
    if (!p) return;
    pending.delete(a.id);
    if (a.type === 'load') loaded = true;
    if (a.type === 'error') p.reject(new Error(a.error));
    else p.settle(a.type === 'markers' && a.id !== latestView ? null : a);
  };
  const post = (request: ClusterRequest) =>
    request.type === 'load' ? transport.post(request, [request.points.buffer]) : transport.post(request, []);
  const fail = (error: Error) => {
    if (closed || broken) return;
    transport.close();
    if (!loaded && connect !== connectMainThread) {
      // The worker could not start (or died building): build here instead, re-asking what is pending.
      connect = connectMainThread;
      transport = connect(answer, fail);
      for (const p of pending.values())
        post(p.request.type === 'load' ? { ...p.request, points: packPoints(points) } : p.request);
      return;
    }
    broken = error;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  let transport = connect(answer, fail);

  function ask<T extends ClusterRequest['type']>(request: ClusterRequest & { type: T }): Promise<AnswerTo<T> | null> {
    if (closed) return Promise.resolve(null);
    if (broken) return Promise.reject(broken);
    return new Promise<AnswerTo<T> | null>((resolve, reject) => {
      pending.set(request.id, { request, settle: (a) => resolve(a as AnswerTo<T> | null), reject });
      post(request);
    });
  }

  const ready = ask({ id: ++lastId, type: 'load', points: packPoints(points) }).then((a) => a !== null);
  return {
    count: points.length,
    ready,
    async markersIn(bbox, zoom) {
      latestView = ++lastId;
      return (await ask({ id: latestView, type: 'markers', bbox, zoom }))?.markers ?? null;
    },
    async clusterLeaves(clusterId, limit) {
      return (await ask({ id: ++lastId, type: 'leaves', clusterId, limit }))?.leaves ?? null;
    },
    async expansionZoom(clusterId) {
      return (await ask({ id: ++lastId, type: 'expansionZoom', clusterId }))?.zoom ?? null;
    },
    close() {
      if (closed) return;
      closed = true;
      transport.close();
      for (const p of pending.values()) p.settle(null);
      pending.clear();
    },
  };
}
