/**
 * SEARCH("…") compiled to SQL means what the help page says, checked against a plain oracle on a
 * real database (PGlite, and PostgreSQL in that project): every word is found in one of the searchable text fields (substring,
 * case-insensitive, `%` and `_` literal) or, when it is a whole number, equals one of the searchable
 * integer fields; `not SEARCH(…)` is its complement. Random rows and random words (fast-check),
 * with words drawn from the rows themselves so that matches are common.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { PgDialect, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { parseQuery, type Catalogue } from '../../common/query';
import { compileAst, serverCatalogue } from '../../server/query/compile';
import { createTestApp, type TestApp } from '../support/testApp';

const things = pgTable('things', {
  id: integer('id').primaryKey(),
  name: text('name'),
  city: text('city'),
  note: text('note'),
  code: integer('code'),
});
const COLUMNS = { id: things.id, name: things.name, city: things.city, note: things.note, code: things.code };
const CATALOGUE: Catalogue = {
  entity: 'things',
  label: 'things',
  fields: [
    { name: 'id', type: 'integer', search: true, description: 'id' },
    { name: 'name', type: 'string', search: true, description: 'name' },
    { name: 'city', type: 'string', search: true, description: 'city' },
    { name: 'note', type: 'string', description: 'not searched' },
    { name: 'code', type: 'integer', description: 'not searched' },
  ],
};
const cat = serverCatalogue(CATALOGUE, COLUMNS);

type Row = { id: number; name: string | null; city: string | null; note: string | null; code: number };

let t: TestApp;
const db = () => t.ctx.db;

beforeAll(async () => {
  t = await createTestApp({ seed: 'empty' });
  await db().execute(sql`create table things (id int primary key, name text, city text, note text, code int)`);
});
afterAll(() => t?.close());

/** The meaning, written plainly. */
function oracle(rows: Row[], words: string[]): number[] {
  const has = (v: string | null, w: string) => v !== null && v.toLowerCase().includes(w.toLowerCase());
  return rows
    .filter((r) => words.every((w) => has(r.name, w) || has(r.city, w) || (/^\d{1,9}$/.test(w) && r.id === Number(w))))
    .map((r) => r.id)
    .sort((a, b) => a - b);
}

async function ids(query: string): Promise<number[]> {
  const where = compileAst(parseQuery(query)!, cat);
  const rows = await db().select({ id: things.id }).from(things).where(where).orderBy(things.id);
  return rows.map((r) => r.id);
}

const piece = fc.constantFrom('Kraków', 'kra', 'Długa', 'ul.', '12', '7', 'a_b', '50%', 'Ó', 'x', 'Nowa Huta');
const value = fc.option(
  fc.array(piece, { minLength: 1, maxLength: 3 }).map((p) => p.join(' ')),
  { nil: null },
);

describe('SEARCH over several fields', () => {
  it('matches exactly the rows holding every word in some searchable field', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 40 }), name: value, city: value, note: value }), {
          minLength: 1,
          maxLength: 12,
          selector: (r) => r.id,
        }),
        fc.array(fc.oneof(piece, fc.integer({ min: 1, max: 40 }).map(String)), { minLength: 1, maxLength: 4 }),
        async (drafts, pickedWords) => {
          const rows: Row[] = drafts.map((d) => ({ ...d, code: d.id }));
          await db().execute(sql`delete from things`);
          await db().insert(things).values(rows);
          const words = pickedWords.flatMap((w) => w.split(' '));
          const text = words.join(' ');
          expect(await ids(`SEARCH(${JSON.stringify(text)})`)).toEqual(oracle(rows, words));
          const all = rows.map((r) => r.id).sort((a, b) => a - b);
          const matched = new Set(oracle(rows, words));
          expect(await ids(`not SEARCH(${JSON.stringify(text)})`)).toEqual(all.filter((id) => !matched.has(id)));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('does not search fields the catalogue does not mark, nor join words across fields', async () => {
    await db().execute(sql`delete from things`);
    await db()
      .insert(things)
      .values([
        { id: 1, name: 'Kraków', city: 'Długa', note: 'hidden', code: 99 },
        { id: 2, name: 'Kraków Długa', city: null, note: null, code: 1 },
      ]);
    expect(await ids('SEARCH("hidden")')).toEqual([]);
    expect(await ids('SEARCH("99")')).toEqual([]);
    expect(await ids('SEARCH("kraków długa")')).toEqual([1, 2]);
    expect(await ids('SEARCH("kówD")')).toEqual([]);
    expect(await ids('SEARCH("ków Dł")')).toEqual([1, 2]);
    expect(await ids('SEARCH("2")')).toEqual([2]);
  });

  it('binds the words only as parameters: quotes, backslashes, % and _ are matched as they are', async () => {
    await db().execute(sql`delete from things`);
    const names = [`O'Brien`, 'say "hi"', 'C:\\temp\\x', '50% off', 'a_b', 'axb', '$1 or 1=1', 'plain'];
    await db()
      .insert(things)
      .values(names.map((name, i) => ({ id: i + 1, name, city: null, note: null, code: 0 })));
    const cases: [string, number[]][] = [
      [`'`, [1]],
      [`O'Brien`, [1]],
      ['"hi"', [2]],
      ['\\temp\\', [3]],
      ['\\', [3]],
      ['%', [4]],
      ['50%', [4]],
      ['_', [5]],
      ['a_b', [5]],
      ['$1', [7]],
      ['1=1', [7]],
      [`'; drop table things; --`, []],
    ];
    for (const [word, expected] of cases) {
      const query = `SEARCH(${JSON.stringify(word)})`;
      const rendered = new PgDialect().sqlToQuery(compileAst(parseQuery(query)!, cat));
      // the text holds the catalogue's columns, placeholders and keywords only; each word is a bound value
      const text = rendered.sql.replace(/"things"\."(name|city|id)"/g, '');
      expect(text).toMatch(/^(?:[()$\d\s:=]|ilike|or|and|text|int)+$/);
      const words = word.split(' ').filter(Boolean);
      expect(rendered.params).toEqual(
        words.flatMap((w) => Array(2).fill(`%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)),
      );
      expect(await ids(query), word).toEqual(expected);
    }
    expect(await ids('SEARCH("50% a_b")')).toEqual([]);
    expect(await ids('SEARCH("1=1 $1")')).toEqual([7]);
  });

  it('looks into the integer fields alone when the list has no searchable text', async () => {
    const idsOnly = serverCatalogue(
      { ...CATALOGUE, fields: CATALOGUE.fields.filter((f) => f.type === 'integer') },
      COLUMNS,
    );
    await db().execute(sql`delete from things`);
    await db()
      .insert(things)
      .values([
        { id: 12, name: '12', city: null, note: null, code: 5 },
        { id: 5, name: 'x', city: null, note: null, code: 12 },
      ]);
    const rows = async (query: string) =>
      (
        await db()
          .select({ id: things.id })
          .from(things)
          .where(compileAst(parseQuery(query)!, idsOnly))
          .orderBy(things.id)
      ).map((r) => r.id);
    expect(new PgDialect().sqlToQuery(compileAst(parseQuery('SEARCH("12")')!, idsOnly)).sql).toBe(
      '("things"."id" = $1::int)',
    );
    expect(await rows('SEARCH("12")')).toEqual([12]);
    expect(await rows('SEARCH("x")')).toEqual([]);
    expect(await rows('SEARCH("12 5")')).toEqual([]);
    expect(await rows('not SEARCH("x")')).toEqual([5, 12]);
  });
});
