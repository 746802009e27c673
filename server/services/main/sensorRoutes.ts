/** The sensor routes moved to server/services/main/sensors/; this keeps the CSV export's old import path. */
export { exportCsv, planExport } from './sensors/export';
