/**
 * History of sensors, installations and contractors (document 2, sections 2.2 and 3), one table
 * shape for all three:
 *
 * - GET /history/sensors/:id — one record per installation of the sensor (its current state),
 *   newest installation first. `:id` is the sensor id.
 * - GET /history/contractors/:id — `{ installations: [...] }`, one record per installation now
 *   assigned to the contractor, newest first. `:id` is the contractor id.
 * - GET /history/installations/:id — every recorded state of ONE installation (the snapshots of
 *   installation_history: created, each later change, removed), newest first; an installation
 *   without snapshots gets one record of its current state. `:id` is the BUSINESS installation
 *   number (installations.installation_id, what the console shows), not the row id.
 * - GET /history/installations/:id/last — the newest of those records (what reinstall prefills
 *   from); 404 when the installation does not exist.
 *
 * In every record `id` is the installation row id, `installationId` the business number, and
 * `predecessorId` / `successorId` are business numbers too (translated from the row ids the
 * database keeps), so they can be opened with /history/installations/:id.
 * Address, alternative addresses and contact fields follow the installations list's gating
 * (view_address; view_contact or its name / e-mail / phone variants) and are left out otherwise;
 * tags only those the caller may see; factors only the parameters of view_<param>_factors.
 */
import { z } from 'zod';
import { notFound } from '../../../http/errors';
import type { ServiceRoutes } from '../../../http/service';
import { installationByNumber, installationRecords, installationsOf, recordsOfRows } from './repository';
import { contractorExists } from '../contractors/repository';
import { sensorExists } from '../sensors/repository';
import { contractorParams, historyRecord, installationParams, sensorParams } from './schemas';

export const historyRoutes: ServiceRoutes = (app, { db }) => {
  const installation = async (installationId: number) => {
    const row = await installationByNumber(db, installationId);
    if (!row) throw notFound(`Installation ${installationId} does not exist`);
    return row;
  };

  app.get(
    '/history/sensors/:id',
    {
      config: { permission: 'view_history_sensor' },
      schema: {
        summary: 'Installations of a sensor, newest first (one record per installation)',
        tags: ['history'],
        params: sensorParams,
        response: { 200: z.object({ data: z.array(historyRecord) }) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await sensorExists(db, id))) throw notFound(`Sensor ${id} does not exist`);
      const rows = await installationsOf(db, 'sensor', id);
      return { data: await recordsOfRows(db, rows, request.principal.permissions) };
    },
  );

  app.get(
    '/history/installations/:id',
    {
      config: { permission: 'view_history_sensor' },
      schema: {
        summary: 'Every recorded state of an installation (by business number), newest first',
        tags: ['history'],
        params: installationParams,
        response: { 200: z.object({ data: z.array(historyRecord) }) },
      },
    },
    async (request) => {
      const row = await installation(request.params.id);
      return { data: await installationRecords(db, row, request.principal.permissions) };
    },
  );

  app.get(
    '/history/installations/:id/last',
    {
      config: { permission: 'view_history_sensor' },
      schema: {
        summary: 'The newest recorded state of an installation (by business number)',
        tags: ['history'],
        params: installationParams,
        response: { 200: z.object({ data: historyRecord }) },
      },
    },
    async (request) => {
      const row = await installation(request.params.id);
      const [last] = await installationRecords(db, row, request.principal.permissions, 1);
      if (!last) throw notFound(`Installation ${request.params.id} has no history`);
      return { data: last };
    },
  );

  app.get(
    '/history/contractors/:id',
    {
      config: { permission: 'view_history_contractor' },
      schema: {
        summary: 'Installations of a contractor, newest first (one record per installation)',
        tags: ['history'],
        params: contractorParams,
        response: { 200: z.object({ data: z.object({ installations: z.array(historyRecord) }) }) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await contractorExists(db, id))) throw notFound(`Contractor ${id} does not exist`);
      const rows = await installationsOf(db, 'contractor', id);
      return { data: { installations: await recordsOfRows(db, rows, request.principal.permissions) } };
    },
  );
};
