/**
 * Reinstall (document 2, sections 2.3, 3 "Reinstallation payload", 4, 5): `POST
 * /installations/{installationId}` moves the sensor of that (current) installation to a new
 * location. In one transaction it creates the successor installation (inheriting nothing implicitly:
 * the console prefills from a previous installation or a request and sends everything), closes the
 * old one (removedAt, successorId), points the sensor at the new one, changes the sensor status
 * only when asked and different, marks the request installed, writes history and audit entries.
 * Followers of both installations get a live update after the commit.
 *
 * The chain links (predecessorId of the new installation, successorId of the old one) are row ids
 * (installations.id), like every reference column; the URL and the answer use business numbers.
 * The SQL is in ./editRepository.ts and ../requests/repository.ts.
 */
import { z } from 'zod';
import { FACTOR_PARAMS, SENSOR_STATUSES, canTransition, type SensorStatus } from '../../../../common/domain';
import { MESSAGES } from '../../../../common/validation';
import { reinstallProblems } from '../../../../common/reinstall';
import { audit } from '../../../audit';
import type { TagValue } from '../../../db/schema';
import { badRequest, forbidden, unprocessable } from '../../../http/errors';
import { dbId, idParam } from '../../../http/schemas';
import type { ServiceRoutes } from '../../../http/service';
import { writeInstallationSnapshots } from '../history/repository';
import { loadTagDefinitions } from '../tags/repository';
import { checkTagValue } from '../tags/values';
import { tagEditRule } from '../../../../common/tagPermissions';
import { tagValueSchema } from '../sensors/schemas';
import {
  currentInstallation,
  insertSuccessor,
  installationNumberExists,
  lockSensorRow,
  nextInstallationNumber,
} from './editRepository';
import { contractorExists } from '../contractors/repository';
import { lockRequestRow, updateRequest } from '../requests/repository';
import { lockInstallationNumbers } from './repository';

const factor = z.object({ A: z.number().nullable(), B: z.number().nullable(), C: z.number().nullable() });
const optionalText = (max: number) =>
  z
    .string()
    .max(max, MESSAGES.shorter(max + 1).en)
    .nullable()
    .optional();

export const reinstallBody = z.object({
  previousInstallationId: dbId.nullable().describe('Installation whose data was inherited (may be any installation)'),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  contractorId: dbId,
  requestId: dbId.nullable().optional(),
  visible: z.boolean(),
  factors: z.partialRecord(z.enum(FACTOR_PARAMS), factor).optional(),
  altAddress1: optionalText(200),
  altAddress2: optionalText(200),
  status: z.enum(SENSOR_STATUSES).nullable().optional().describe('Sent only when the status should change'),
  tags: z.record(z.string().regex(/^\d{1,10}$/, 'Tag ids are numbers'), tagValueSchema).optional(),
  fullName: optionalText(200),
  email: optionalText(254),
  phoneNumber: optionalText(40),
});
type ReinstallBody = z.infer<typeof reinstallBody>;

/** The request fields a staff member can fix before submitting (the form's own rules); each message names its field. */
function validate(body: ReinstallBody) {
  const problems = reinstallProblems(body);
  if (problems.length) throw badRequest(problems.join('; '));
}

const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

export const reinstallRoutes: ServiceRoutes = (app, ctx) => {
  const { db } = ctx;
  app.post(
    '/installations/:id',
    {
      config: { permission: 'move_installation' },
      schema: {
        summary: 'Reinstall the sensor of this current installation at a new location (a successor installation)',
        tags: ['installations'],
        params: z.object({ id: idParam.describe('The current installation of the sensor (business number)') }),
        body: reinstallBody,
        response: { 201: z.object({ installationId: z.number().int(), sensorId: z.number().int() }) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      validate(body);
      const { permissions, actor } = request.principal;
      // Installing a request changes its state (section 4): that needs the request permission too.
      if (body.requestId != null && !permissions.can('modify_installation_requests'))
        throw forbidden('You need the modify_installation_requests permission to do this');
      const tagEntries = Object.entries(body.tags ?? {}).map(([id, value]) => [Number(id), value] as const);
      for (const [tagId] of tagEntries) {
        const rule = tagEditRule('installations', tagId);
        if (!permissions.can(rule))
          throw forbidden(`You need the ${(rule as string[]).join(' or ')} permission to do this`);
      }

      const result = await db.transaction(async (tx) => {
        const old = await currentInstallation(tx, request.params.id, true);
        if (old.removedAt)
          throw unprocessable(
            `Installation ${old.installationId} is not current (removed ${old.removedAt.toISOString()}); reinstall from the sensor's current installation`,
          );
        const sensor = await lockSensorRow(tx, old.sensorId);
        if (!sensor || sensor.currentInstallationId !== old.id)
          throw unprocessable(`Installation ${old.installationId} is not the current installation of its sensor`);
        if (!(await contractorExists(tx, body.contractorId)))
          throw unprocessable(`Contractor ${body.contractorId} does not exist`);
        if (body.previousInstallationId != null && !(await installationNumberExists(tx, body.previousInstallationId)))
          throw unprocessable(`Previous installation ${body.previousInstallationId} does not exist`);
        const requestRow = body.requestId != null ? await lockRequestRow(tx, body.requestId) : undefined;
        if (body.requestId != null) {
          if (!requestRow) throw unprocessable(`Installation request ${body.requestId} does not exist`);
          if (requestRow.state !== 'WAITING' && requestRow.state !== 'HOLD')
            throw unprocessable(
              `Installation request ${body.requestId} is ${requestRow.state}; only a waiting or held request can be installed`,
            );
        }
        const from = sensor.status as SensorStatus;
        const to = body.status && body.status !== from ? body.status : null;
        if (to && !canTransition(from, to)) throw unprocessable(`Sensor status cannot change from ${from} to ${to}`);
        const definitions = await loadTagDefinitions(tx, 'installations');
        const tagValues = tagEntries.map(([tagId, value]) => {
          const tag = definitions.get(tagId);
          if (!tag) throw unprocessable(`Installation tag ${tagId} does not exist`);
          // The console sends the text "null" for a cleared tag (section 5).
          return { tagId, value: checkTagValue(tag, value === 'null' ? null : value) };
        });

        const now = new Date();
        // One new business number at a time (see lockInstallationNumbers).
        await lockInstallationNumbers(tx);
        const next = await nextInstallationNumber(tx);
        const factors = Object.fromEntries(
          Object.entries(body.factors ?? {}).flatMap(([param, f]) =>
            f.A === null && f.B === null && f.C === null ? [] : [[param, { A: f.A ?? 0, B: f.B ?? 1, C: f.C ?? 0 }]],
          ),
        );
        const stored = tagValues.filter(
          (t): t is { tagId: number; value: Exclude<TagValue, null> } => t.value !== null,
        );
        const created = await insertSuccessor(
          tx,
          {
            installationId: next,
            predecessorId: old.id,
            sensorId: sensor.id,
            installationDate: now,
            contractorId: body.contractorId,
            status: to ?? from,
            providerOwned: old.providerOwned,
            isVisible: body.visible,
            mamsl: null,
            latitude: Math.round(body.lat * 1e6) / 1e6,
            longitude: Math.round(body.lon * 1e6) / 1e6,
            alternativeAddress1: blankToNull(body.altAddress1),
            alternativeAddress2: blankToNull(body.altAddress2),
            visibleBy: old.visibleBy,
            contactFullName: blankToNull(body.fullName),
            contactEmail: blankToNull(body.email),
            contactPhoneNumber: blankToNull(body.phoneNumber),
            date: now,
            installationRequestId: requestRow?.id ?? null,
            measured: sensor.measured,
            factors,
            suspensions: {},
          },
          stored,
          to,
        );
        if (requestRow) await updateRequest(tx, requestRow.id, { state: 'DONE', updatedAt: now });
        await writeInstallationSnapshots(tx, [old.id, created.id], now);
        await audit(
          tx,
          actor,
          'InstallationCreated',
          `Sensor ${sensor.id} reinstalled: installation ${old.installationId} → ${next}` +
            (body.previousInstallationId != null ? ` (data from installation ${body.previousInstallationId})` : ''),
        );
        if (to)
          await audit(tx, actor, 'SensorStatusChanged', `Sensor ${sensor.id} status changed from ${from} to ${to}`);
        if (requestRow)
          await audit(
            tx,
            actor,
            'InstallationRequestStateChanged',
            `Installation request ${requestRow.id}: ${requestRow.state} → DONE (installation ${next})`,
          );
        return { installationId: next, sensorId: sensor.id, previous: old.installationId };
      });
      void ctx.realtime.installationsChanged([result.previous, result.installationId]).catch(() => undefined);
      return reply.status(201).send({ installationId: result.installationId, sensorId: result.sensorId });
    },
  );
};
