/** Personal Logs (/logs/personal, view_logs): the caller's own audit events. */
import { AuditLogPage } from './AuditLogPage';

export const PersonalLogsPage = () => <AuditLogPage scope="personal" title="menu.personalLogs" />;
