/**
 * The JSON form of entity declarations: every TypeScript declaration passes the same schema the
 * RESOURCES_DIR files are read with, the example file is a served resource, and a bad file is
 * skipped with messages naming the file and the field path (the other files still load).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ENTITIES } from '../../common/entities';
import { declarationProblems } from '../../common/entities/declSchema';
import { isKnownPermission } from '../../common/permissions';
import { loadDeclarations, registerDeclaredPermissions } from '../../server/configured/declarations';

const EXAMPLE = JSON.parse(fs.readFileSync(path.resolve('resources/calibration-sites.json'), 'utf8'));
const dirs: string[] = [];

function folder(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aq-decl-'));
  dirs.push(dir);
  for (const [name, body] of Object.entries(files))
    fs.writeFileSync(path.join(dir, name), typeof body === 'string' ? body : JSON.stringify(body));
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('declaration schema', () => {
  it.each(ENTITIES.map((e) => [e.name, e] as const))('the TypeScript declaration %s passes it', (_name, entity) => {
    expect(declarationProblems(JSON.parse(JSON.stringify(entity)))).toEqual([]);
  });

  it('reads the example resource of the repository', () => {
    const { entities, problems } = loadDeclarations(path.resolve('resources'));
    expect(problems).toEqual([]);
    expect(entities.map((e) => e.name)).toEqual(['calibration-sites']);
    expect(entities[0]).toMatchObject({ service: 'resources', endpoint: '/calibration-sites', envelope: { rows: '' } });
    const types = new Set(entities[0]!.fields.map((f) => f.type));
    for (const t of ['string', 'enum', 'number', 'date', 'boolean', 'integer']) expect(types).toContain(t);
    expect(entities[0]!.fields.some((f) => f.reference === 'contractors')).toBe(true);
  });
});

describe('the README example', () => {
  it('is a valid declaration of a stored resource', () => {
    const readme = fs.readFileSync(path.resolve('README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('### Adding a resource by configuration'));
    const example = JSON.parse(/```json\n([\s\S]*?)```/.exec(section)![1]!);
    const { entities, problems } = loadDeclarations(folder({ 'visits.json': example }));
    expect(problems).toEqual([]);
    expect(entities.map((e) => e.name)).toEqual(['service-visits']);
  });
});

describe('bad files', () => {
  it('names the file and the field path of each problem, and loads the good files', () => {
    const dir = folder({
      'a-good.json': EXAMPLE,
      'b-types.json': {
        ...EXAMPLE,
        name: 'b-types',
        storage: { table: 'cfg_b' },
        fields: [EXAMPLE.fields[0], EXAMPLE.fields[2], { ...EXAMPLE.fields[1], type: 'text' }],
      },
      'b-values.json': {
        ...EXAMPLE,
        name: 'b-values',
        storage: { table: 'cfg_bv' },
        fields: [EXAMPLE.fields[0], EXAMPLE.fields[1], { ...EXAMPLE.fields[2], values: undefined }],
      },
      'c-rules.json': {
        ...EXAMPLE,
        name: 'c-rules',
        storage: { table: 'contractors' },
        fields: [...EXAMPLE.fields, { name: 'contractorId', type: 'integer', label: 'Twice' }],
        sort: { field: 'nope', order: 'ASC' },
      },
      'd-kind.json': {
        ...EXAMPLE,
        name: 'd-kind',
        storage: undefined,
        access: { ...EXAMPLE.access, list: 'View Sites' },
      },
      'e-syntax.json': '{"name": "e",',
      'f-ref.json': {
        ...EXAMPLE,
        name: 'f-ref',
        storage: { table: 'cfg_f' },
        fields: [...EXAMPLE.fields, { name: 'siteId', type: 'integer', label: 'Site', reference: 'nowhere' }],
      },
      'g-dup.json': EXAMPLE,
      'notes.txt': 'ignored',
    });
    const { entities, problems } = loadDeclarations(dir);
    expect(entities.map((e) => e.name)).toEqual(['calibration-sites']);
    const text = problems.join('\n');
    expect(text).toContain('b-values.json: fields[2] (kind).values: an enum field lists its values');
    expect(text).toContain('b-types.json: fields[2] (name).type: Invalid option');
    expect(text).toContain('c-rules.json: fields[8] (contractorId).name: field "contractorId" is declared twice');
    expect(text).toContain('c-rules.json: sort.field: no field is named "nope"');
    expect(text).toContain('d-kind.json: access.list: a permission name is lower-case letters');
    expect(text).toContain('e-syntax.json: not valid JSON');
    expect(text).toContain('f-ref.json: fields[8] (siteId).reference: no resource is named "nowhere"');
    expect(text).toContain('g-dup.json: name: the resource "calibration-sites" is already declared');
    expect(text).toContain('g-dup.json: storage.table: another resource stores its rows in "cfg_calibration_sites"');
    const product = loadDeclarations(
      folder({ 'x.json': { ...EXAMPLE, name: 'x', storage: { table: 'contractors' } } }),
    );
    expect(product.problems).toEqual(['x.json: storage.table: "contractors" is a table of the product itself']);
    const neither = loadDeclarations(folder({ 'y.json': { ...EXAMPLE, name: 'y', storage: undefined } }));
    expect(neither.problems[0]).toContain('y.json: storage: a configured resource is stored');
  });

  it('gives a stored resource without a query catalogue its own (the list builder needs one)', () => {
    const { query: _query, search: _search, ...plain } = EXAMPLE;
    const { entities, problems } = loadDeclarations(folder({ 'p.json': plain }));
    expect(problems).toEqual([]);
    expect(entities[0]!.query).toEqual({ entity: 'calibration-sites', label: 'calibration sites' });
  });

  it('registers the new permission names of the declarations (not before)', () => {
    expect(isKnownPermission('view_calibration_sites_test')).toBe(false);
    const { entities } = loadDeclarations(
      folder({
        'z.json': { ...EXAMPLE, access: { list: 'view_calibration_sites_test', edit: 'edit_sensors_status' } },
      }),
    );
    expect(registerDeclaredPermissions(entities)).toEqual(['view_calibration_sites_test']);
    expect(isKnownPermission('view_calibration_sites_test')).toBe(true);
  });
});
