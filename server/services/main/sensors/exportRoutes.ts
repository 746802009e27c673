/**
 * Sensors, GET /sensors/export: all rows matching the list's query as CSV, streamed from one ordered
 * query (./export.ts, server/lists/csvStream.ts).
 */
import type { ServiceRoutes } from '../../../http/service';
import { exportCsv, exportQuerystring, planExport } from './export';
import { sendCsv } from '../../../lists/csvStream';

export const sensorExportRoutes: ServiceRoutes = (app, { db }) => {
  // Registered before /sensors/:id (the router prefers static segments anyway).
  app.get(
    '/sensors/export',
    {
      config: { permission: 'view_sensors' },
      schema: {
        summary: 'Every sensor matching the query as CSV (sensors.csv), streamed',
        description:
          'UTF-8 with a byte-order mark, `;` separated, RFC 4180 quoting; a text cell a spreadsheet would run as a formula (starting with =, +, -, @, tab or CR, plain numbers excepted) is prefixed with a single quote. Columns: id, currentInstallationId, sensorToken (view_sensortoken), communication (view_communication), contractorId and contractorName (view_contractors or view_owner), status, measured (comma-joined), <param>_A/_B/_C per factor parameter of view_<param>_factors, tag.<name> per visible sensor tag. Not paged and not capped.',
        tags: ['sensors'],
        querystring: exportQuerystring,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const plan = await planExport(db, request.query, request.principal.permissions);
      // Validated, planned and the first batch read before the first byte: a failing export is an
      // ordinary error response, not a 200 cut short.
      return sendCsv(reply, exportCsv(db, plan), 'sensors.csv', (err) =>
        request.log.error({ err }, 'sensor export failed'),
      );
    },
  );
};
