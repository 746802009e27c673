/**
 * Address editing by OpenStreetMap id and geocoding (document 2, sections 2.1, 2.3, 7): the bundled
 * offline gazetteer, and a configured Nominatim-compatible geocoder — here a local stand-in — for
 * places and addresses the offline data does not know; an unreachable geocoder is a 503.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, isNull } from 'drizzle-orm';
import { auditLogs, installations } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../support/testApp';

const KRAKOW = 'R2768922';
const LESSER_POLAND = 'R224457';

async function anyCurrent(t: TestApp) {
  const [row] = await t.ctx.db.select().from(installations).where(isNull(installations.removedAt)).limit(1);
  return row!;
}

describe('offline gazetteer', () => {
  let t: TestApp;
  let technician: string;
  beforeAll(async () => {
    t = await createTestApp();
    technician = await t.tokenOf('technician');
  });
  afterAll(() => t?.close());

  it('lists states of Poland and finds cities by name without diacritics', async () => {
    const states = await t.call('GET', '/api/places?kind=state&parentId=R49715&limit=100', { token: technician });
    expect(states.json().data.places).toHaveLength(16);
    const cities = await t.call('GET', '/api/places?kind=city&search=krak', { token: technician });
    expect(cities.json().data.places[0]).toMatchObject({ osmId: KRAKOW, name: 'Krakow', nameLocal: 'Kraków' });
    const bad = await t.call('GET', '/api/places?parentId=Poland', { token: technician });
    expect(bad.statusCode).toBe(400);
  });

  it('sets the city by OSM id with its local name, and refuses the wrong kind, unknown ids and two fields', async () => {
    const row = await anyCurrent(t);
    const url = `/api/installations/${row.installationId}/address`;
    const res = await t.call('PATCH', url, { token: technician, body: { city: KRAKOW } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.location.address).toEqual({ city: 'Krakow', cityLocal: 'Kraków', cityId: KRAKOW });
    const [after] = await t.ctx.db.select().from(installations).where(eq(installations.id, row.id));
    expect([after!.city, after!.cityLocal, after!.cityId]).toEqual(['Krakow', 'Kraków', KRAKOW]);
    const [entry] = await t.ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.logId)).limit(1);
    expect(entry).toMatchObject({ eventType: 'InstallationAddressChanged' });

    const wrongKind = await t.call('PATCH', url, { token: technician, body: { state: KRAKOW } });
    expect(wrongKind.statusCode).toBe(422);
    expect(wrongKind.json().message).toBe(`${KRAKOW} (Krakow) is a city, not a state`);
    const unknown = await t.call('PATCH', url, { token: technician, body: { city: 'R1' } });
    expect(unknown.statusCode).toBe(422);
    const two = await t.call('PATCH', url, { token: technician, body: { city: KRAKOW, state: LESSER_POLAND } });
    expect(two.statusCode).toBe(400);
    const malformed = await t.call('PATCH', url, { token: technician, body: { city: 'Kraków' } });
    expect(malformed.statusCode).toBe(400);
    const viewer = await t.tokenOf('viewer');
    expect((await t.call('PATCH', url, { token: viewer, body: { city: KRAKOW } })).statusCode).toBe(403);
    const [unchanged] = await t.ctx.db.select().from(installations).where(eq(installations.id, row.id));
    expect(unchanged!.stateId).toBe(row.stateId);
  });

  it('geocodes an address to the most specific known place', async () => {
    const res = await t.call(
      'GET',
      `/api/geocode?address=${encodeURIComponent('ul. Floriańska 1, 31-019 Kraków, Polska')}`,
      {
        token: technician,
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ label: 'Kraków', location: { lat: 50.0647, lon: 19.945 } });
    const none = await t.call('GET', '/api/geocode?address=Atlantis', { token: technician });
    expect(none.statusCode).toBe(404);
  });
});

describe('with an external geocoder (local stand-in)', () => {
  let t: TestApp;
  let technician: string;
  let server: http.Server;
  const asked: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      asked.push(req.url ?? '');
      const url = new URL(req.url ?? '/', 'http://x');
      res.setHeader('content-type', 'application/json');
      if (url.pathname === '/lookup' && url.searchParams.get('osm_ids') === 'R336074')
        return res.end(
          JSON.stringify([
            {
              osm_id: 336074,
              lat: '50.45',
              lon: '30.52',
              name: 'Kyiv',
              addresstype: 'city',
              namedetails: { name: 'Київ' },
            },
          ]),
        );
      if (url.pathname === '/search' && url.searchParams.get('q') === 'Khreshchatyk 1, Kyiv')
        return res.end(JSON.stringify([{ lat: '50.4501', lon: '30.5234', display_name: 'Khreshchatyk 1, Kyiv' }]));
      res.end('[]');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({ env: { GEOCODER_URL: `http://127.0.0.1:${port}` } });
    technician = await t.tokenOf('technician');
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((r) => server?.close(r));
  });

  it('asks it for places and addresses the offline data does not know, and only for those', async () => {
    const row = await anyCurrent(t);
    const res = await t.call('PATCH', `/api/installations/${row.installationId}/address`, {
      token: technician,
      body: { city: 'R336074' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.location.address).toEqual({ city: 'Kyiv', cityLocal: 'Київ', cityId: 'R336074' });
    const known = await t.call('PATCH', `/api/installations/${row.installationId}/address`, {
      token: technician,
      body: { city: KRAKOW },
    });
    expect(known.statusCode).toBe(200);
    expect(asked.filter((u) => u.startsWith('/lookup'))).toHaveLength(1);

    const found = await t.call('GET', `/api/geocode?address=${encodeURIComponent('Khreshchatyk 1, Kyiv')}`, {
      token: technician,
    });
    expect(found.json().data.location).toEqual({ lat: 50.4501, lon: 30.5234 });
  });

  it('answers 503 when the geocoder is unreachable', async () => {
    await new Promise((r) => server.close(r));
    const res = await t.call('GET', `/api/geocode?address=${encodeURIComponent('Somewhere 1')}`, { token: technician });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('The geocoding service is unreachable');
  });
});
