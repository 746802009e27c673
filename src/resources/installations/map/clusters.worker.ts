/**
 * The map's clustering worker: a message loop around `createClusterHandler` (clusterMessages.ts),
 * so building the supercluster index of 100,000 installations and querying it never block the
 * page. Started by clusterWorker.ts, one per points feed.
 */
import { createClusterHandler, type ClusterAnswer, type ClusterRequest } from './clusterMessages';

/** The part of a dedicated worker's global scope used here (the DOM and WebWorker libs clash). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<ClusterRequest>) => void) | null;
  postMessage(answer: ClusterAnswer): void;
}

const scope = self as unknown as WorkerScope;
const handle = createClusterHandler();
scope.onmessage = (event) => scope.postMessage(handle(event.data));
