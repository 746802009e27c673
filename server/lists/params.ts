/** The query parameters of a query-language list (main API style): page, limit, sortBy, order, query. */
import { z } from 'zod';
import { MAX_QUERY_LENGTH } from '../../common/query';

export const listQuerystring = (maxLimit: number) =>
  z.object({
    page: z.coerce.number().int().min(1).default(1).describe('Page number, from 1'),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(10).describe(`Rows per page (at most ${maxLimit})`),
    after: z
      .string()
      .max(20_000)
      .optional()
      .describe(
        'Keyset paging: empty for the first page of a walk, then meta.next of the previous page (same sortBy, order and query); the page starts after its last row and a full page carries meta.next. Not with page > 1',
      ),
    sortBy: z
      .string()
      .max(100)
      .optional()
      .describe('Field to sort by (see the list of allowed fields in a 400 answer)'),
    order: z
      .string()
      .regex(/^(asc|desc)$/i, 'order must be asc or desc')
      .optional()
      .describe('asc or desc (case-insensitive)'),
    query: z
      .string()
      .max(MAX_QUERY_LENGTH)
      .optional()
      .describe('A query in the sensor-management query language, e.g. communication in (GSM, WIFI)'),
  });

/** The query parameters of a list's CSV export: the list's sort and query, and the columns to write. */
export const exportQuerystring = listQuerystring(1)
  .omit({ page: true, limit: true, after: true })
  .extend({
    columns: z
      .string()
      .max(10_000)
      .regex(/^[A-Za-z0-9_.,\s]*$/, 'columns is a comma-separated list of field names')
      .optional()
      .describe('Comma-separated field names to write, in this order (default: every column the caller may see)'),
  });

/** Largest page of a list (contractor pickers may ask for more, see CONTRACTOR_FETCH_LIMIT). */
export const MAX_LIST_LIMIT = 1000;

/**
 * `descending=true|false`, accepted beside `order` by lists whose console sends it (the audit logs);
 * when given it wins over `order` (see `sortOrder`).
 */
export const descendingQuery = {
  descending: z
    .enum(['true', 'false'])
    .optional()
    .describe('true: descending, false: ascending (the same as order=desc / order=asc; wins over order)'),
};

/**
 * sortBy and order of a paged list: the sort keys as an enum with its default, and the default
 * direction. Spread after page and limit (and any filter that comes first in the document).
 */
export const sortQuery = <K extends string>(
  keys: readonly [K, ...K[]],
  defaultKey: NoInfer<K>,
  defaultOrder: 'asc' | 'desc',
  describe?: string,
) => {
  const sortBy = z.enum(keys).default(defaultKey);
  return {
    sortBy: describe ? sortBy.describe(describe) : sortBy,
    order: z.enum(['asc', 'desc']).default(defaultOrder),
  };
};
