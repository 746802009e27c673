/**
 * The in-process read caches (the session and role behind a bearer credential, the tag catalogue of
 * a list) and what ends them. Every API request that may write (any method but GET, HEAD and
 * OPTIONS) starts a new generation when its answer is sent — after its transaction committed — and
 * an entry of an older generation is never read. An entry is stored only under the generation its
 * read began in, so a read that raced a write cannot store what the write replaced. Changes made
 * by another process's API reach this one through the realtime bus (`followDataChanges`); changes
 * made outside any API (SQL run by hand, `server/cli`) are seen after `ttlMs` at most.
 */

/**
 * How long a cached read may miss a change made outside every process's API requests (SQL run by
 * hand, `server/cli`), or one whose bus message was lost while Redis was unreachable: 10 s when
 * `REDIS_URL` says several processes serve one database, 30 s otherwise.
 */
export const CHANGE_CACHE_TTL_MS = process.env.REDIS_URL ? 10_000 : 30_000;

let generation = 0;

/** The name under which a process tells the others (realtime bus `invalidate`) that its API wrote. */
export const DATA_CACHES = 'data';

/** Ends this process's cached reads when another process says its API wrote (see `dataChanged`). */
export function followDataChanges(hub: {
  onInvalidate(handler: (cache: string, keys: (string | number)[] | undefined) => void): void;
}): void {
  hub.onInvalidate((cache) => {
    if (cache === DATA_CACHES) dataChanged();
  });
}

/** Ends every cached read of this process (called once a request that may write has finished its work). */
export function dataChanged(): void {
  generation++;
}

/** A read-through cache that forgets everything at each data change, and each entry after `ttlMs`. */
export class ChangeCache<K, V> {
  private readonly entries = new Map<K, { value: V; generation: number; at: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** The cached value of `key`, or `read()`'s (stored when no change happened while it ran). */
  async get(key: K, read: () => Promise<V>, now = Date.now()): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.generation === generation && now - hit.at < this.ttlMs) return hit.value;
    const started = generation;
    const value = await read();
    if (started === generation) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, { value, generation: started, at: now });
    }
    return value;
  }

  /** Replaces a stored value (e.g. a token's last use, written by the reader itself). */
  update(key: K, value: V): void {
    const hit = this.entries.get(key);
    if (hit && hit.generation === generation) hit.value = value;
  }
}
