/**
 * The list responses' serializer compiled from the route schema (`listSerializer`): the same JSON
 * members as the zod parse it replaces — nested and gated (absent) objects, nullable scalars, JSON
 * values, capped totals — and members the schema does not declare left out.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findEntity } from '../../common/entities';
import { acceptsAnyMember, listResponseSchema, listSerializer, rowSchema } from '../../server/lists/schemas';

describe('listSerializer', () => {
  for (const name of ['installations', 'sensors', 'contractors']) {
    it(`writes what the zod parse writes for ${name}`, () => {
      const entity = findEntity(name)!;
      const schema = listResponseSchema(entity, rowSchema(entity), { max: 10, pagesAhead: 10 });
      const full = Object.fromEntries(
        entity.fields.map((f) => [f.source?.split('.')[0] ?? f.name, f.type === 'integer' ? 7 : null]),
      );
      const rows = [full, { ...full, internalOnly: 'secret', id: 3 }];
      const body = {
        data: { [entity.envelope.rows.split('.').pop()!]: rows },
        meta: { totalCount: 10, capped: true, extra: 1 },
      };
      const zodBody = listEnvelopeLike(schema, body);
      const written = JSON.parse(listSerializer(schema)(body)) as unknown;
      expect(written).toEqual(zodBody);
      expect(JSON.stringify(written)).not.toContain('secret');
    });
  }

  it('writes open rows (installations with their tag columns) with every member, as the zod parse does', () => {
    const entity = findEntity('installations')!;
    const row = rowSchema(entity).loose();
    expect(acceptsAnyMember(row)).toBe(true);
    expect(acceptsAnyMember(rowSchema(entity))).toBe(false);
    const schema = listResponseSchema(entity, row, { max: 10, pagesAhead: 10 }, true);
    const full = Object.fromEntries(entity.fields.map((f) => [f.name, f.type === 'integer' ? 7 : null]));
    const body = {
      data: {
        installations: [
          { ...full, tag_1: 'Pole', tag_2: null },
          { ...full, id: 3, tag_1: '=x"y' },
        ],
      },
      meta: { totalCount: 10, capped: false, next: 'abc' },
    };
    const written = JSON.parse(listSerializer(schema, { openRows: true })(body)) as unknown;
    expect(written).toEqual(listEnvelopeLike(schema, body));
    expect(written).toEqual(JSON.parse(listSerializer(schema)(body)));
  });

  it('writes nested objects, JSON values and nulls as they are', () => {
    const schema = z.object({
      rows: z.array(
        z.object({
          name: z.string().nullable(),
          info: z.object({ token: z.string().nullable().optional() }).nullable().optional(),
          values: z.unknown(),
          n: z.number().int(),
        }),
      ),
    });
    const body = {
      rows: [
        { name: null, info: { token: 'a"b' }, values: { pm25: [1, null] }, n: 1 },
        { name: 'x', info: null, values: null, n: 2, hidden: true },
        { name: 'y', values: 'text', n: 3 },
      ],
    };
    expect(JSON.parse(listSerializer(schema)(body))).toEqual(listEnvelopeLike(schema, body));
  });
});

/** What the zod serializer wrote: the parsed (encoded) value through JSON. */
function listEnvelopeLike(schema: z.ZodType, body: unknown): unknown {
  return JSON.parse(JSON.stringify(z.encode(schema as z.ZodType<unknown, unknown>, body)));
}
