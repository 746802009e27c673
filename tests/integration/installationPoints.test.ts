/**
 * The map view's feed (GET /installations/points): the same installations as the list for the same
 * query, as compact [installationId, latitude, longitude, active] tuples.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { pgliteOf } from '../../server/db';
import { installations, measurementSummaries } from '../../server/db/schema';
import { createTestApp, usePostgres, type TestApp } from '../support/testApp';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenOf('admin');
});
afterAll(() => t?.close());

const points = async (query?: string) => {
  const res = await t.call('GET', `/api/installations/points${query ? `?query=${encodeURIComponent(query)}` : ''}`, {
    token: admin,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { points: [number, number, number, number][]; truncated: boolean };
};
const listIds = async (query?: string) => {
  const res = await t.call(
    'GET',
    `/api/installations?limit=1000${query ? `&query=${encodeURIComponent(query)}` : ''}`,
    { token: admin },
  );
  const body = res.json();
  return {
    ids: body.data.installations.map((r: { installationId: number }) => r.installationId),
    total: body.meta.totalCount,
  };
};

it('answers every installation the list answers, for the plain list and for a query', async () => {
  for (const query of [undefined, 'isVisible = false', 'city = Krakow and contractorId != null']) {
    const { points: p, truncated } = await points(query);
    const { ids, total } = await listIds(query);
    expect(truncated).toBe(false);
    expect(p).toHaveLength(total);
    if (total <= 1000) expect(p.map((x) => x[0]).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  }
});

it('carries coordinates and the activity of the last 20 minutes', async () => {
  const { points: p } = await points();
  const [installationId, lat, lon] = p[0]!;
  const [row] = await t.ctx.db.select().from(installations).where(eq(installations.installationId, installationId));
  expect([lat, lon]).toEqual([row!.latitude, row!.longitude]);
  await t.ctx.db
    .update(measurementSummaries)
    .set({ lastMeasurementAt: new Date() })
    .where(eq(measurementSummaries.sensorId, row!.sensorId));
  const after = (await points()).points.find((x) => x[0] === installationId)!;
  expect(after[3]).toBe(1);
});

// PGlite hands 100,000 points over in a third of the time through COPY's text (manyArrayRows).
it.skipIf(usePostgres)('reads the feed through one COPY on PGlite, for the plain list and for a query', async () => {
  const pglite = pgliteOf(t.ctx.db)!;
  for (const query of [undefined, 'city = Krakow and contractorId != null']) {
    const spy = vi.spyOn(pglite, 'query');
    try {
      const { points: p } = await points(query);
      expect(p.length).toBeGreaterThan(0);
      expect(spy.mock.calls.filter(([text]) => String(text).startsWith('copy (')).length).toBe(1);
    } finally {
      spy.mockRestore();
    }
  }
});

it('refuses a bad query with a 400', async () => {
  const res = await t.call('GET', `/api/installations/points?query=${encodeURIComponent('city = ')}`, { token: admin });
  expect(res.statusCode).toBe(400);
});
