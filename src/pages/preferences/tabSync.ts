/**
 * Tab sync: a change of preferences, presets or saved queries in one tab makes the other open
 * tabs reload them. The changing tab writes a localStorage `aq.sync` entry and removes it 10 ms
 * later; other tabs see it through the `storage` event (which never fires in the writing tab).
 */
import { TAB_SYNC_CLEAR_MS, TAB_SYNC_KEY } from '../../../common/presets';

export type SyncTopic = 'preferences' | 'presets' | 'queries.installations' | 'queries.sensors';

export function announceChange(topic: SyncTopic): void {
  try {
    localStorage.setItem(
      TAB_SYNC_KEY,
      JSON.stringify({ topic, at: Date.now(), nonce: Math.random().toString(36).slice(2) }),
    );
    window.setTimeout(() => {
      try {
        localStorage.removeItem(TAB_SYNC_KEY);
      } catch {
        /* the page (or test environment) is gone: nothing left to clean */
      }
    }, TAB_SYNC_CLEAR_MS);
  } catch {
    /* storage unavailable: other tabs reload on their next visit */
  }
}

/** The topic of a storage event that announces a change, if it is one. */
export function syncTopicOf(event: Pick<StorageEvent, 'key' | 'newValue'>): SyncTopic | undefined {
  if (event.key !== TAB_SYNC_KEY || !event.newValue) return undefined;
  try {
    const topic = (JSON.parse(event.newValue) as { topic?: unknown }).topic;
    return topic === 'preferences' ||
      topic === 'presets' ||
      topic === 'queries.installations' ||
      topic === 'queries.sensors'
      ? topic
      : undefined;
  } catch {
    return undefined;
  }
}
