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

it('lets pending work run between two pages of an export', async () => {
  const rows = exportRows(
    t.ctx.db,
    {
      cells: [{ sql: sql`${contractors.name}` }],
      from: sql`${contractors}`,
      where: undefined,
      orderBy: [sql`${contractors.id}`],
      id: contractors.id,
    },
    2,
  );
  const pages: number[] = [];
  const turns: boolean[] = [];
  let page = await rows.next();
  while (!page.done && pages.length < 4) {
    pages.push(page.value.length);
    let ran = false;
    setImmediate(() => (ran = true));
    page = await rows.next();
    if (!page.done) turns.push(ran);
  }
  await rows.return(undefined);
  expect(pages.length, 'the demo seed has more than a few contractors').toBe(4);
  expect(turns).toEqual([true, true, true, true]);
});

it('lets pending work run between two COPY pages of an export', async () => {
  const lines = exportLines(
    t.ctx.db,
    {
      cells: [{ sql: sql`${contractors.name}` }],
      from: sql`${contractors}`,
      where: undefined,
      orderBy: [sql`${contractors.id}`],
      id: contractors.id,
    },
    2,
  );
  const pages: number[] = [];
  const turns: boolean[] = [];
  let page = await lines.next();
  while (!page.done && pages.length < 4) {
    pages.push(page.value.split('\r\n').length - 1);
    let ran = false;
    setImmediate(() => (ran = true));
    page = await lines.next();
    if (!page.done) turns.push(ran);
  }
  await lines.return(undefined);
  expect(pages).toEqual([2, 2, 2, 2]);
  expect(turns).toEqual([true, true, true, true]);
});
