/** What the stored and the proxied routes of configured resources share: row shaping, audit texts, schemas. */
import { z } from 'zod';
import type { EntityDecl } from '../../common/entities';
import { HttpError } from '../http/errors';
import { gateRow } from '../lists/gating';
import { isRowField, rowSchema } from '../lists/schemas';

export const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const errorBody = z.object({ status: z.number(), message: z.string() });

export type Row = Record<string, unknown>;

/** A row as the API answers it: the declared row fields only, dates as text, hidden fields removed. */
export function shapeRow(entity: EntityDecl, row: Row, hidden: readonly (readonly string[])[]): Row {
  const out: Row = {};
  for (const f of entity.fields.filter(isRowField)) {
    const v = row[f.name];
    out[f.name] = v instanceof Date ? v.toISOString() : (v ?? null);
  }
  return gateRow(out, hidden);
}

/** A remote row checked against the declared types: a mismatch is the service's fault (502), not ours. */
export function checkedRemoteRow(entity: EntityDecl, row: Row, schema: z.ZodObject): Row {
  const shaped = shapeRow(entity, row, []);
  const parsed = schema.safeParse(shaped);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new HttpError(
      502,
      `${entity.label}: the service answered a row whose ${issue.path.join('.')} does not match the declaration (${issue.message})`,
    );
  }
  return shaped;
}

export function describeRow(entity: EntityDecl, row: Row): string {
  const name = entity.fields.find((f) => f.type === 'string' && f.name !== 'id' && row[f.name]);
  return `${entity.label} #${String(row.id)}${name ? ` "${String(row[name.name])}"` : ''}`;
}

export function changesText(entity: EntityDecl, values: Row): string {
  const labels = new Map(entity.fields.map((f) => [f.name, f.label]));
  return Object.entries(values)
    .map(([k, v]) => `${labels.get(k) ?? k}: ${v === null ? '—' : String(v)}`)
    .join(', ');
}

export function routeSchemas(entity: EntityDecl) {
  const row = rowSchema(entity);
  return {
    row,
    tags: [entity.name],
    errors: { 400: errorBody, 403: errorBody, 404: errorBody, 502: errorBody, 504: errorBody },
  };
}
