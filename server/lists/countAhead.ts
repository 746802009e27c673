/**
 * When a list's count starts. A full page needs the count; a short page tells its total itself and
 * needs none (`totalFromPage`). Run one after the other, a full page costs its page query plus its
 * count (the 100-row installations page at 100,000 rows: 2.1 ms + 0.8 ms on PostgreSQL).
 *
 * Where the database runs statements side by side (a PostgreSQL pool), the count of a page that was
 * full the last time it was asked for starts beside the page, so the answer waits for the longer of
 * the two. Pages first asked for, and pages that were short last time, count only when the page
 * turns out full: a short page never pays for a count it did not need, unless it was full a moment
 * ago. On PGlite and in a transaction (one statement at a time) the count always waits for the page.
 */
import { runsSideBySide, type Executor } from '../db';

/** How many pages' last outcome a list remembers (the oldest is forgotten first). */
const REMEMBERED_PAGES = 1024;

export class CountAhead {
  /** Pages (by `key`) whose count was needed the last time they were asked for. */
  readonly #neededLastTime = new Set<string>();

  /**
   * The total of the page `key` names, as `total(known)` once the page has come back: the page's own
   * total when it tells one (`known`), else its count. The count starts now when it will probably be
   * needed (see above), else when `total` asks for it; one started early and then not needed is left
   * unread, and its failure is never an unhandled rejection. `total` also notes, for the next time,
   * whether this page needed its count.
   */
  total(db: Executor, key: PageKey, count: () => Promise<number>): (known: number | undefined) => Promise<number> {
    const early = (key === ALWAYS || this.#neededLastTime.has(key)) && runsSideBySide(db) ? count() : undefined;
    early?.catch(() => {});
    return (known) => {
      this.#saw(key, known === undefined);
      return known === undefined ? (early ?? count()) : Promise.resolve(known);
    };
  }

  /** Notes whether the page `key` needed its count this time. */
  #saw(key: PageKey, needed: boolean): void {
    if (key === ALWAYS) return;
    this.#neededLastTime.delete(key);
    if (!needed) return;
    if (this.#neededLastTime.size >= REMEMBERED_PAGES)
      this.#neededLastTime.delete(this.#neededLastTime.values().next().value!);
    this.#neededLastTime.add(key);
  }
}

/** A page whose count is always needed (a keyset page: its position says nothing about the total). */
export const ALWAYS = Symbol('always counted');

/** A page as `CountAhead` knows it: what decides whether it is full, or ALWAYS. */
export type PageKey = string | typeof ALWAYS;

/** A page's key: what decides whether it is full (the filters, offset and limit; not the order). */
export const pageKey = (filters: unknown, offset: number, limit: number): string =>
  `${offset}:${limit}:${typeof filters === 'string' ? filters : JSON.stringify(filters ?? '')}`;
