/**
 * The in-process read caches (the session and role behind a bearer credential, the tag catalogue of
 * a list) and what ends them. Every API request that may write (any method but GET, HEAD and
 * OPTIONS) starts a new generation when its answer is sent — after its transaction committed — and
 * an entry of an older generation is never read. An entry is stored only under the generation its
 * read began in, so a read that raced a write cannot store what the write replaced. Changes made
 * elsewhere (another process on the same PostgreSQL, SQL run by hand) are seen after `ttlMs` at most.
 */

/**
 * How long a cached read may miss a change made outside this process's API requests: 2 s when
 * `REDIS_URL` says several processes serve one database (their writes end only their own caches),
 * 30 s otherwise (one process: only SQL run beside it, such as `server/cli`, goes unseen that long).
 */
export const CHANGE_CACHE_TTL_MS = process.env.REDIS_URL ? 2_000 : 30_000;

let generation = 0;

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
