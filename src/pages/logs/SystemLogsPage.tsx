/** System Logs (/logs/admin, admin_view_logs): every audit event, with the user who caused it. */
import { AuditLogPage } from './AuditLogPage';

export const SystemLogsPage = () => <AuditLogPage scope="admin" title="menu.systemLogs" />;
