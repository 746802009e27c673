/**
 * Sensors, GET /sensors/export: all rows matching the list's query as CSV, streamed in keyset
 * batches (./export.ts).
 */
import { Readable } from 'node:stream';
import type { ServiceRoutes } from '../../../http/service';
import { exportCsv, exportQuerystring, planExport } from './export';

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
      const gen = exportCsv(db, plan);
      // Validated, planned and the first batch read before the first byte: a failing export is an
      // ordinary error response, not a 200 cut short.
      const first = await gen.next();
      const stream = Readable.from(
        (async function* () {
          if (!first.done) yield Buffer.from(first.value, 'utf8');
          for await (const chunk of gen) yield Buffer.from(chunk, 'utf8');
        })(),
        { objectMode: false },
      );
      stream.on('error', (err) => request.log.error({ err }, 'sensor export failed'));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="sensors.csv"')
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
