/**
 * Every streamed CSV export, whole, against the list's JSON rows of the same query and order: the
 * export reads its cells in SQL (server/lists/csvStream.ts), and each line must be what the shared
 * cell encoder writes for the row the list shows — dates, JSON values, tags, empty values, quoting
 * and the formula guard alike. (Installations: tests/integration/installationExport.test.ts;
 * sensors, whose file has its own columns: tests/integration/sensors.test.ts.)
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CSV_BOM, csvLine } from '../../common/csv';
import { adpUser, apiUser, contractor, pathReader, sensorModel, type EntityDecl } from '../../common/entities';
import { createTestApp, type TestApp } from '../support/testApp';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenOf('admin');
});
afterAll(() => t?.close());

interface Case {
  entity: EntityDecl;
  exportUrl: string;
  /** The list page `page` (1-based) in the export's order. */
  listUrl(page: number): string;
  pageSize: number;
  /** Where a tag column's value sits in the list row. */
  tagPath?(id: string): string;
}

const CASES: Case[] = [
  {
    entity: contractor,
    exportUrl: '/api/contractors/export?sortBy=name&order=desc',
    listUrl: (page) => `/api/contractors?sortBy=name&order=desc&limit=1000&page=${page}`,
    pageSize: 1000,
    tagPath: (id) => `tags.${id}`,
  },
  {
    entity: sensorModel,
    exportUrl: '/api/sensor-models/export',
    listUrl: (page) => `/api/sensor-models?limit=100&page=${page}`,
    pageSize: 100,
  },
  {
    entity: adpUser,
    exportUrl: '/adp-api/admin/users/export?sortBy=email&order=desc',
    listUrl: (page) => `/adp-api/admin/users?sortBy=email&order=desc&limit=1000&page=${page}`,
    pageSize: 1000,
  },
  {
    entity: apiUser,
    exportUrl: '/apiusers-api/users/export?sortBy=username',
    listUrl: (page) => `/apiusers-api/users?sortBy=username&limit=200&page=${page}`,
    pageSize: 200,
  },
];

/** A cell as the export writes it: objects (limits, trials, factors) as compact JSON. */
const cell = (v: unknown) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? JSON.stringify(v) : v);

/** The cells of one CSV line (`;`, RFC 4180 quotes). */
function cellsOf(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  for (;;) {
    let text = '';
    if (line[i] === '"') {
      for (i++; i < line.length; i++) {
        if (line[i] !== '"') text += line[i];
        else if (line[i + 1] === '"') {
          text += '"';
          i++;
        } else break;
      }
      i++;
    } else {
      const end = line.indexOf(';', i);
      text = line.slice(i, end === -1 ? line.length : end);
      i = end === -1 ? line.length : end;
    }
    out.push(text);
    if (line[i] !== ';') return out;
    i++;
  }
}

/**
 * A line's cells, a JSON object's cell as the parsed object: the list's JSON answer orders an
 * object's keys by its response schema, the database by its own rule, and either is the same value.
 */
const comparable = (line: string) =>
  cellsOf(line).map((text) => (text.startsWith('{') ? (JSON.parse(text) as unknown) : text));

for (const c of CASES) {
  it(`${c.entity.name}: every line of the export is the list's row, in the list's order`, async () => {
    const res = await t.call('GET', c.exportUrl, { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.startsWith(CSV_BOM)).toBe(true);
    const lines = res.body.slice(CSV_BOM.length).split('\r\n');
    expect(lines.pop()).toBe('');
    const header = lines[0]!.split(';');
    const readers = header.map((name) => {
      const field = c.entity.fields.find((f) => f.name === name);
      const tag = /^tag_(\d+)$/.exec(name);
      return pathReader(tag && c.tagPath ? c.tagPath(tag[1]!) : (field?.source ?? name));
    });
    const rowsAt = pathReader(c.entity.envelope.rows);
    const rows: Record<string, unknown>[] = [];
    for (let page = 1; ; page++) {
      const list = await t.call('GET', c.listUrl(page), { token: admin });
      expect(list.statusCode, list.body).toBe(200);
      const batch = rowsAt(list.json()) as Record<string, unknown>[];
      rows.push(...batch);
      if (batch.length < c.pageSize) break;
    }
    expect(rows.length).toBeGreaterThan(5);
    expect(lines.length - 1).toBe(rows.length);
    rows.forEach((row, n) => {
      const expected = csvLine(readers.map((read) => cell(read(row) ?? null))).slice(0, -2);
      expect(comparable(lines[n + 1]!), `${c.entity.name} row ${n}`).toEqual(comparable(expected));
    });
  });
}
