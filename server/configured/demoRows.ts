/**
 * Demo rows of the example configured resource (resources/calibration-sites.json): written when
 * the demo network is seeded at this start and the resource's table was created with it, so the
 * example shows a populated list. Another declaration gets no rows; nothing is written on later starts.
 */
import { asc } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db';
import { contractors } from '../db/schema';

const CALIBRATION_SITES = [
  ['Kraków, al. Krasińskiego', 'reference', 'Kraków', 4, '2019-03-12', true],
  ['Kraków, ul. Bujaka', 'collocation', 'Kraków', 3.5, '2020-06-01', true],
  ['Warszawa, Targówek', 'reference', 'Warszawa', 6, '2018-11-20', true],
  ['Warszawa, Ursynów', 'collocation', 'Warszawa', 3, '2021-04-15', true],
  ['Wrocław, Korzeniowskiego', 'reference', 'Wrocław', 4.5, '2019-09-30', true],
  ['Gdańsk, Leczkowa', 'collocation', 'Gdańsk', 3, '2022-02-10', false],
  ['Poznań, Polanka', 'reference', 'Poznań', 5, '2020-10-05', true],
  ['Mobile van 1', 'mobile', null, 2.5, '2023-05-22', true],
  ['Mobile van 2', 'mobile', null, 2.5, '2024-01-08', false],
  ['Łódź, Czernika', 'collocation', 'Łódź', 3, '2021-08-17', true],
] as const;

export async function writeDemoRows(db: Db, resource: string, table: PgTable): Promise<number> {
  if (resource !== 'calibration-sites') return 0;
  const operators = (
    await db.select({ id: contractors.id }).from(contractors).orderBy(asc(contractors.id)).limit(3)
  ).map((c) => c.id);
  const rows = CALIBRATION_SITES.map(([name, kind, city, heightM, commissionedOn, active], i) => ({
    name,
    kind,
    city,
    heightM,
    commissionedOn,
    active,
    contractorId: operators.length ? operators[i % operators.length]! : null,
  }));
  await db.insert(table).values(rows as never);
  return rows.length;
}
