/** GET /audit/logs/personal and /audit/logs/admin: the caller's own audit events, and every event for admins. */
import type { ServiceRoutes } from '../../../http/service';
import { pagedListEndpoint } from '../../../lists/endpoint';
import { adminAuditLogs, personalAuditLogs } from './repository';
import { AUDIT_LIST_OPTIONS, auditLogQuery, auditLogRow } from './schemas';

export const auditRoutes: ServiceRoutes = (app, { db }) => {
  const common = { tags: ['audit'], querystring: auditLogQuery, row: auditLogRow, ...AUDIT_LIST_OPTIONS };
  pagedListEndpoint(app, db, personalAuditLogs, {
    ...common,
    path: '/audit/logs/personal',
    summary: "The caller's own audit events",
    permission: 'view_logs',
  });
  pagedListEndpoint(app, db, adminAuditLogs, {
    ...common,
    path: '/audit/logs/admin',
    summary: 'Every audit event',
    permission: 'admin_view_logs',
  });
};
