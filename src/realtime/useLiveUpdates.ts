/**
 * Live updates of the installations on screen (document 2, sections 2.1, 4, 8 and 9) for a React
 * list: one LiveUpdates controller per mounted list over pusher-js (./pusherTransport.ts), fed with
 * the ids after each fetch, told when a fetch failed, when the tab is hidden or visible and when the
 * browser goes offline. Changed rows are refetched through `onUpdate`. A transport can be injected
 * (tests); without a realtime key in /config.json there are no live updates ("No Live Updates").
 * The status starts as 'connecting' when there will be a connection, and follows the controller's.
 */
import { useEffect, useRef, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { runtimeConfig } from '../config';
import type { AppDataProvider } from '../dataProviders/types';
import { useSession } from '../state/useSession';
import { LiveUpdates, type LiveStatus, type LiveTimings, type LiveTransport } from './liveUpdates';
import { pusherTransport } from './pusherTransport';

export interface LiveListState {
  /** Installation ids on screen after the last successful fetch; undefined while fetching. */
  ids: number[] | undefined;
  /** When the rows were last fetched (react-query's dataUpdatedAt): every fetch re-subscribes. */
  fetchedAt: number;
  /** The last fetch failed: live updates stop until the next successful one. */
  failed: boolean;
}

export function useLiveUpdates(
  { ids, fetchedAt, failed }: LiveListState,
  onUpdate: (ids: number[]) => void,
  transportFactory?: (userId: number) => LiveTransport,
): LiveStatus {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const userId = useSession()?.user.id;
  const [status, setStatus] = useState<LiveStatus>(() =>
    userId !== undefined && (transportFactory || runtimeConfig().realtime?.key) ? 'connecting' : 'offline',
  );
  const live = useRef<LiveUpdates | null>(null);
  const latest = useRef({ onUpdate, notify });
  latest.current = { onUpdate, notify };

  useEffect(() => {
    if (userId === undefined) return;
    let transport: LiveTransport;
    let timings: Partial<LiveTimings> | undefined;
    if (transportFactory) transport = transportFactory(userId);
    else {
      const { realtime } = runtimeConfig();
      if (!realtime?.key) return;
      // The configured connection time-out (the demo's: none), else LIVE_UPDATES's.
      if (realtime.connectionTimeoutMs !== undefined) timings = { connectionTimeoutMs: realtime.connectionTimeoutMs };
      transport = pusherTransport(
        { key: realtime.key, host: realtime.host, port: realtime.port },
        userId,
        (socketId, channel) => dataProvider.authorizeChannel('installations', { socketId, channel }),
      );
    }
    const controller = new LiveUpdates(
      transport,
      {
        subscribe: (socketId, followed) =>
          dataProvider.followInstallations('installations', { socketId, ids: followed }),
        unsubscribe: (socketId) => dataProvider.unfollowInstallations('installations', { socketId }),
      },
      {
        onUpdate: (changed) => latest.current.onUpdate(changed),
        onStatus: setStatus,
        onError: (message) => latest.current.notify(message, { type: 'error' }),
        // The spec: subscribe and unsubscribe failures are only logged.
        log: (message, error) => console.warn(message, error),
        timings,
      },
    );
    live.current = controller;
    const onVisibility = () => controller.setVisible(document.visibilityState !== 'hidden');
    const onOnline = () => controller.setOnline(true);
    const onOffline = () => controller.setOnline(false);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    if (typeof navigator !== 'undefined' && navigator.onLine === false) controller.setOnline(false);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      controller.dispose();
      live.current = null;
      setStatus('offline');
    };
  }, [userId, dataProvider, transportFactory]);

  const latestIds = useRef(ids);
  latestIds.current = ids;
  useEffect(() => {
    const controller = live.current;
    if (!controller) return;
    if (failed) controller.fetchFailed();
    else if (latestIds.current) controller.rowsFetched(latestIds.current);
  }, [fetchedAt, failed, status]);

  return status;
}
