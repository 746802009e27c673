/**
 * The page plan of a list without a direction: its declared default sort goes the declared way
 * (a declaration saying newest first lists newest first when the caller names no order), any other
 * key ascending; a direction the caller gives wins.
 */
import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { defineEntity, field } from '../../common/entities';
import { PermissionSet } from '../../common/permissions';
import { planPage } from '../../server/lists/sorting';
import { sensorModels } from '../../server/db/schema';

const visits = defineEntity({
  name: 'visits',
  label: 'Visits',
  service: 'main',
  endpoint: '/visits',
  envelope: { rows: 'data.rows' },
  listQuery: 'main',
  access: { list: 'view_sensors' },
  sort: { field: 'visitOn', order: 'DESC' },
  route: { name: 'Visits' },
  fields: [field('id', 'integer', 'ID'), field('visitOn', 'date', 'Visit date'), field('title', 'string', 'Title')],
});
const columns = { id: sensorModels.id, visitOn: sensorModels.introducedOn, title: sensorModels.name };
const orderOf = (params: { sortBy?: string; order?: string }) =>
  new PgDialect().sqlToQuery(
    sql.join(
      planPage(visits, { page: 1, limit: 10, ...params }, columns, sensorModels.id, new PermissionSet(['view_sensors']))
        .orderBy,
      sql`, `,
    ),
  ).sql;

describe('planPage', () => {
  it('sorts by the declared default in its declared direction when no order is given', () => {
    expect(orderOf({})).toMatch(/"introduced_on" desc/);
    expect(orderOf({ sortBy: 'visitOn' })).toMatch(/"introduced_on" desc/);
  });

  it('sorts another key ascending, and follows the direction the caller gives', () => {
    expect(orderOf({ sortBy: 'title' })).toMatch(/"name" asc/);
    expect(orderOf({ order: 'asc' })).toMatch(/"introduced_on" asc/);
    expect(orderOf({ sortBy: 'title', order: 'desc' })).toMatch(/"name" desc/);
  });
});
