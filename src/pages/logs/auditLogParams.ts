/**
 * The audit screens' view lives in the URL: page, limit, sortBy, descending, type and search.
 * Unknown or malformed values fall back to the defaults, so a hand-edited link still opens.
 */
import { AUDIT_EVENT_TYPES, type AuditEventType } from '../../../common/auditEvents';
import { AUDIT_DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../common/domain';

export const AUDIT_SORT_FIELDS = ['logId', 'createdDate', 'eventType', 'sourceName', 'userName'] as const;
export type AuditSortField = (typeof AUDIT_SORT_FIELDS)[number];

export interface AuditLogParams {
  page: number;
  limit: number;
  sortBy: AuditSortField;
  descending: boolean;
  type?: AuditEventType;
  search: string;
}

export const DEFAULT_AUDIT_PARAMS: AuditLogParams = {
  page: 1,
  limit: AUDIT_DEFAULT_PAGE_SIZE,
  sortBy: 'logId',
  descending: true,
  search: '',
};

const isOneOf = <T extends string>(list: readonly T[], value: string | null): value is T =>
  value !== null && (list as readonly string[]).includes(value);

export function parseAuditParams(
  params: URLSearchParams,
  sortFields: readonly AuditSortField[] = AUDIT_SORT_FIELDS,
): AuditLogParams {
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  const sortBy = params.get('sortBy');
  const type = params.get('type');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : DEFAULT_AUDIT_PARAMS.page,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_AUDIT_PARAMS.limit,
    sortBy: isOneOf(sortFields, sortBy) ? sortBy : DEFAULT_AUDIT_PARAMS.sortBy,
    descending: params.get('descending') !== 'false',
    type: isOneOf(AUDIT_EVENT_TYPES, type) ? type : undefined,
    search: params.get('search') ?? '',
  };
}

/** The URL query of a view: page, limit, sortBy and descending always, type and search when set. */
export function auditParamsToSearch(p: AuditLogParams): URLSearchParams {
  const out = new URLSearchParams({
    page: String(p.page),
    limit: String(p.limit),
    sortBy: p.sortBy,
    descending: String(p.descending),
  });
  if (p.type) out.set('type', p.type);
  if (p.search) out.set('search', p.search);
  return out;
}

/** The API query of GET /audit/logs/{personal,admin}: the same names and values. */
export function auditApiQuery(p: AuditLogParams): Record<string, string | number> {
  return Object.fromEntries(auditParamsToSearch(p));
}
