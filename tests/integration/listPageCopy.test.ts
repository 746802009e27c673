/**
 * On PGlite the installations and sensors page statements are read through COPY's text format
 * from their second run on (`renderedPageRows`): the answer must be the one the row protocol gave the first time,
 * awkward values included (tabs, line breaks, backslashes, the text `\N`, quotes, Polish letters,
 * empty and null values, 400 characters).
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { inArray } from 'drizzle-orm';
import { pgliteOf } from '../../server/db';
import { installations } from '../../server/db/schema';
import { createTestApp, usePostgres, type TestApp } from '../support/testApp';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenOf('admin');
  const firstIds = (await t.ctx.db.select({ id: installations.id }).from(installations).orderBy(installations.id))
    .slice(0, 3)
    .map((r) => r.id);
  await t.ctx.db
    .update(installations)
    .set({
      street: 'tab\there\\back "quoted"\nnext line\r\n',
      contactFullName: '\\N',
      alternativeAddress1: '',
      alternativeAddress2: null,
      city: 'Zażółć gęślą jaźń',
      contactEmail: `${'x'.repeat(400)}@example.com`,
    })
    .where(inArray(installations.id, firstIds));
});
afterAll(() => t?.close());

/**
 * `path` asked for twice: the first answer, after checking that it ran no COPY, that the second ran
 * one on PGlite (none on PostgreSQL), and that both answers are the same.
 */
async function askedTwice(path: string) {
  const pglite = pgliteOf(t.ctx.db);
  const spy = pglite && vi.spyOn(pglite, 'query');
  const copies = () => (spy ? spy.mock.calls.filter(([text]) => String(text).startsWith('copy (')).length : 0);
  const ask = async () => {
    const res = await t.call('GET', path, { token: admin });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  try {
    const first = await ask();
    expect(copies()).toBe(0);
    const second = await ask();
    expect(copies()).toBe(usePostgres ? 0 : 1);
    expect(second).toEqual(first);
    return first;
  } finally {
    spy?.mockRestore();
  }
}

it('answers the same installations page through the row protocol first and through COPY after', async () => {
  const first = await askedTwice('/api/installations?page=1&limit=100&sortBy=id&order=ASC');
  const rows = first.data.installations as { street: string; contactFullName: string }[];
  expect(rows.length).toBeGreaterThan(3);
  expect(rows.filter((r) => r.contactFullName === '\\N')).toHaveLength(3);
  expect(rows.some((r) => r.street === 'tab\there\\back "quoted"\nnext line\r\n')).toBe(true);
});

it('answers the same sensors page through the row protocol first and through COPY after', async () => {
  const first = await askedTwice('/api/sensors?page=1&limit=100');
  expect(first.data.sensors.length).toBeGreaterThan(3);
});
