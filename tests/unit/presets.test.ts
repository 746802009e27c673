/** Rules of common/presets.ts: built-ins, renumbering on import, the selected-preset rule, clipboard parsing. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ALL_PRESET_ID,
  BUILT_IN_PRESETS,
  DEFAULT_SAVED_QUERIES,
  INSTALLATION_COLUMNS,
  columnLabel,
  columnsError,
  effectivePresetId,
  exportPresets,
  isPermutation,
  moveId,
  nextId,
  parsePresetsJson,
  parseSavedQueriesJson,
  presetsImportError,
  queriesImportError,
  queryValueError,
  renumberImported,
} from '../../common/presets';
import { INSTALLATION_CATALOGUE, SENSOR_CATALOGUE, findField, fieldsOf, parseQuery } from '../../common/query';

describe('built-in presets and default queries', () => {
  it('are All (every column), Measurements, Calibrations and Details', () => {
    expect(BUILT_IN_PRESETS.map((p) => [p.id, p.name])).toEqual([
      [1, 'All'],
      [2, 'Measurements'],
      [3, 'Calibrations'],
      [4, 'Details'],
    ]);
    expect(BUILT_IN_PRESETS[0]!.fieldsValues).toBeNull();
    const known = new Set(INSTALLATION_COLUMNS.map((c) => c.name));
    for (const p of BUILT_IN_PRESETS.slice(1)) {
      expect(p.fieldsValues![0]).toBe('installationId');
      for (const f of p.fieldsValues!) expect(known.has(f), `${p.name}: ${f}`).toBe(true);
      expect(columnsError(p.fieldsValues)).toBeUndefined();
    }
    expect(BUILT_IN_PRESETS[1]!.fieldsValues).toContain('pm25Value');
    expect(BUILT_IN_PRESETS[2]!.fieldsValues).toContain('oxFactors');
    expect(BUILT_IN_PRESETS[3]!.fieldsValues).toContain('contactEmail');
  });

  it('default saved queries parse and name fields of their lists', () => {
    expect(DEFAULT_SAVED_QUERIES.installations[0]!.value).toBe('isVisible = true and lastMeasurement < now() - 3d');
    expect(DEFAULT_SAVED_QUERIES.sensors[0]!.value).toBe('communication in (GSM, WIFI)');
    for (const [kind, cat] of [
      ['installations', INSTALLATION_CATALOGUE],
      ['sensors', SENSOR_CATALOGUE],
    ] as const)
      for (const q of DEFAULT_SAVED_QUERIES[kind])
        for (const f of fieldsOf(parseQuery(q.value)))
          expect(findField(cat, f.path.join('.')), f.path.join('.')).toBeDefined();
  });

  it('labels columns, tag columns by tag name', () => {
    expect(columnLabel('pm25Value')).toEqual({ key: 'resources.installations.fields.pm25Value', en: 'PM2.5 value' });
    expect(columnLabel('tag_7', new Map([[7, 'Mounting']]))).toEqual({
      key: 'aq.pages.presets.tagColumn',
      values: { name: 'Mounting' },
      en: 'Tag: Mounting',
    });
    expect(columnLabel('tag_8').en).toBe('Tag 8');
    expect(columnLabel('somethingOld')).toEqual({ en: 'somethingOld' });
  });
});

describe('selected preset rule', () => {
  const presets = [
    { id: 1, visibility: true },
    { id: 2, visibility: true },
    { id: 3, visibility: false },
  ];
  it('defaults to 1', () => {
    expect(effectivePresetId(undefined, presets)).toBe(ALL_PRESET_ID);
    expect(effectivePresetId(null, presets)).toBe(1);
  });
  it('uses the selected preset only while it exists and is visible', () => {
    expect(effectivePresetId(2, presets)).toBe(2);
    expect(effectivePresetId(3, presets)).toBe(1);
    expect(effectivePresetId(9, presets)).toBe(1);
  });
});

describe('renumbering on import', () => {
  it('keeps free ids, gives clashing and missing ids the next ids above everything in use', () => {
    const { items, renumbered } = renumberImported(
      [1, 2, 3, 4],
      [{ id: 3, name: 'a' }, { id: 9, name: 'b' }, { id: null, name: 'c' }, { id: 9, name: 'd' }, { name: 'e' }],
    );
    expect(items.map((i) => [i.name, i.id])).toEqual([
      ['a', 10],
      ['b', 9],
      ['c', 11],
      ['d', 12],
      ['e', 13],
    ]);
    expect(renumbered).toEqual([
      { from: 3, to: 10 },
      { from: null, to: 11 },
      { from: 9, to: 12 },
      { from: null, to: 13 },
    ]);
  });

  it('never hands out a reserved id (All)', () => {
    const { items } = renumberImported([], [{ id: 1 }, { id: 2 }], [ALL_PRESET_ID]);
    expect(items.map((i) => i.id)).toEqual([3, 2]);
  });

  it('always yields unique positive ids that avoid existing ones (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 50 })),
        fc.array(fc.option(fc.integer({ min: -3, max: 60 }), { nil: undefined })),
        (existing, wanted) => {
          const { items } = renumberImported(
            existing,
            wanted.map((id) => ({ id })),
            [1],
          );
          const ids = items.map((i) => i.id);
          expect(new Set(ids).size).toBe(ids.length);
          for (const id of ids) {
            expect(Number.isInteger(id) && id > 0).toBe(true);
            expect(existing.includes(id) || id === 1).toBe(false);
          }
          // an item whose wanted id was free and not used earlier keeps it
          const seen = new Set<number>([...existing, 1]);
          wanted.forEach((w, i) => {
            if (w !== undefined && w > 0 && !seen.has(w)) expect(ids[i]).toBe(w);
            if (w !== undefined && w > 0) seen.add(w);
            seen.add(ids[i]!);
          });
        },
      ),
    );
  });

  it('nextId is one above the largest', () => {
    expect(nextId([])).toBe(1);
    expect(nextId([4, 2, 9])).toBe(10);
  });
});

describe('order', () => {
  it('moves an item one place, unchanged at the ends', () => {
    expect(moveId([1, 2, 3], 2, 'up')).toEqual([2, 1, 3]);
    expect(moveId([1, 2, 3], 2, 'down')).toEqual([1, 3, 2]);
    expect(moveId([1, 2, 3], 1, 'up')).toEqual([1, 2, 3]);
    expect(moveId([1, 2, 3], 3, 'down')).toEqual([1, 2, 3]);
    expect(moveId([1, 2, 3], 7, 'down')).toEqual([1, 2, 3]);
  });
  it('accepts only a permutation of the ids', () => {
    const items = [{ id: 1 }, { id: 5 }];
    expect(isPermutation([5, 1], items)).toBe(true);
    expect(isPermutation([5, 5], items)).toBe(false);
    expect(isPermutation([5], items)).toBe(false);
    expect(isPermutation([5, 1, 2], items)).toBe(false);
  });
});

describe('clipboard and local-storage JSON', () => {
  it('needs a JSON array of presets', () => {
    expect(parsePresetsJson('not json')).toBeNull();
    expect(parsePresetsJson('{"id":1}')).toBeNull();
    expect(parsePresetsJson('[1, 2]')).toBeNull();
    expect(parsePresetsJson('[{"id":"x","name":"a"}]')).toBeNull();
    expect(parsePresetsJson('[{"name":"a","fieldsValues":"city"}]')).toBeNull();
    expect(parsePresetsJson(null)).toBeNull();
    expect(parsePresetsJson('[]')).toEqual([]);
    expect(parsePresetsJson('[{"id":3,"name":"a","visibility":false,"fieldsValues":["city"]},{"name":"b"}]')).toEqual([
      { id: 3, name: 'a', visibility: false, fieldsValues: ['city'] },
      { id: null, name: 'b', visibility: true, fieldsValues: null },
    ]);
  });

  it('needs a JSON array of saved queries', () => {
    expect(parseSavedQueriesJson('[{"name":"a"}]')).toBeNull();
    expect(parseSavedQueriesJson('[{"id":2,"name":"a","value":"id = 1"}]')).toEqual([
      { id: 2, name: 'a', value: 'id = 1', visibility: true },
    ]);
  });

  it('names the first invalid item', () => {
    expect(presetsImportError([{ name: 'a', visibility: true, fieldsValues: [] }])?.en).toBe(
      'Preset 1: Choose at least one column',
    );
    expect(
      queriesImportError([
        { name: 'ok', value: 'id = 1', visibility: true },
        { name: 'q', value: 'id =', visibility: true },
      ])?.en,
    ).toMatch(/^Query 2: Expected a value after "=" at position 4/);
    expect(queryValueError('status in (Installed, Ready)')).toBeUndefined();
  });

  it('exports everything but All, in the spec shape', () => {
    const out = exportPresets([...BUILT_IN_PRESETS]);
    expect(out.map((p) => p.name)).toEqual(['Measurements', 'Calibrations', 'Details']);
    expect(Object.keys(out[0]!)).toEqual(['id', 'name', 'visibility', 'fieldsValues']);
    expect(parsePresetsJson(JSON.stringify(out))).toEqual(out);
  });
});
