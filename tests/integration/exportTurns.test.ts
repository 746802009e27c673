/**
 * A streamed CSV export leaves the process to other requests between its pages
 * (server/lists/csvStream.ts). PGlite answers in this thread without waiting on I/O, so an export
 * whose pages followed each other back to back held every other request until it ended. Checked on
 * the export's row source itself: a callback scheduled after one page must have run before the next
 * page arrives.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/testApp';
import { contractors } from '../../server/db/schema';
import { exportLines, exportRows } from '../../server/lists/csvStream';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** Two contractors a page, ordered by id: every contractor name is written by COPY on PGlite. */
const QUERY = {
  cells: [{ sql: sql`${contractors.name}` }],
  from: sql`${contractors}`,
  where: undefined,
  orderBy: [sql`${contractors.id}`],
  id: contractors.id,
};

/**
 * The sizes of the first four pages of `pages`, and for each page after the first whether a
 * callback scheduled after the page before had run when it arrived.
 */
async function turnsBetween<T>(pages: AsyncGenerator<T>, size: (page: T) => number) {
  const sizes: number[] = [];
  const turns: boolean[] = [];
  let page = await pages.next();
  while (!page.done && sizes.length < 4) {
    sizes.push(size(page.value));
    let ran = false;
    setImmediate(() => (ran = true));
    page = await pages.next();
    if (!page.done) turns.push(ran);
  }
  await pages.return(undefined);
  return { sizes, turns };
}

it('lets pending work run between two pages of an export', async () => {
  const { sizes, turns } = await turnsBetween(exportRows(t.ctx.db, QUERY, 2), (rows) => rows.length);
  expect(sizes, 'the demo seed has more than a few contractors').toEqual([2, 2, 2, 2]);
  expect(turns).toEqual([true, true, true, true]);
});

it('lets pending work run between two COPY pages of an export', async () => {
  const lines = (bytes: Buffer) => bytes.toString('utf8').split('\r\n').length - 1;
  const { sizes, turns } = await turnsBetween(exportLines(t.ctx.db, QUERY, 2), lines);
  expect(sizes).toEqual([2, 2, 2, 2]);
  expect(turns).toEqual([true, true, true, true]);
});
