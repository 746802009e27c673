/**
 * One installation (by business number, `installationId`) and its inline editors (document 2,
 * sections 2.1, 4, 5 and 7): the read form used by reinstall, visibility, visibleBy, contact name /
 * e-mail / phone, alternative addresses, tag values, calibration factors and per-parameter
 * suspension. Every editor is one transaction with a history snapshot and an audit entry
 * (./edits.ts) and is followed by a live update.
 */
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  FACTOR_PARAMS,
  MEASURED_PARAMS,
  SENSOR_STATUSES,
  canTransition,
  type MeasuredParam,
  type SensorStatus,
} from '../../../../common/domain';
import { editRule, fieldRule, installation, requiredActionRule } from '../../../../common/entities';
import { MESSAGES, email, phone, type Rule } from '../../../../common/validation';
import { installationTagValues, installations, sensors, type Suspension } from '../../../db/schema';
import { badRequest, unprocessable } from '../../../http/errors';
import { idParam } from '../../../http/schemas';
import type { ServiceRoutes } from '../../../http/service';
import { loadTagValues, loadTags, visibleTagIds } from '../../../lists/tags';
import { factorsSchema, tagValueSchema } from '../sensors/schemas';
import { currentInstallation, editInstallation } from './edits';
import { assertTagEditable, factorsMessage, requestedFactors, writeTagValue } from '../valueEdits';
import { OSM_ID } from '../../../gazetteer';

const TAGS = ['installations'];
const params = z.object({ id: idParam.describe('Installation id (business number)') });
const text = (max: number) => z.string().max(max, MESSAGES.shorter(max + 1).en);
const ok = <T extends z.ZodType>(data: T) => ({ 200: z.object({ data }) });

/** A blank string clears an optional text; otherwise the rule must pass. */
function checked(value: string | null, rule: Rule, label: string): string | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return null;
  const message = rule(trimmed);
  if (message) throw badRequest(`${label}: ${message.en}`);
  return trimmed;
}

const suspensionState = z.object({ suspended: z.boolean(), suspendedFrom: z.string().nullable() });
const suspendBody = z.object({
  startTime: z.iso.datetime({ offset: true }).describe('ISO time the change starts (the console sends now by default)'),
  measurementsTypes: z
    .array(z.string().max(20))
    .min(1, 'Choose at least one measurement type')
    .max(MEASURED_PARAMS.length)
    .describe(`Upper-case parameter names: ${MEASURED_PARAMS.map((p) => p.toUpperCase()).join(', ')}`),
  reason: text(500).nullable().optional(),
  endTime: z.iso.datetime({ offset: true }).nullable().optional(),
});

const readForm = z.object({
  installation: z.object({
    info: z.object({
      installationId: z.number().int(),
      sensorId: z.number().int(),
      status: z.string(),
      isVisible: z.boolean(),
      visibleBy: z.string().nullable(),
      removedAt: z.string().nullable(),
      contractor: z.object({ id: z.number().int().nullable() }).optional(),
    }),
    location: z.object({
      coordinates: z.object({ latitude: z.number(), longitude: z.number() }),
      address: z.object({
        country: z.string().nullable(),
        state: z.string().nullable(),
        city: z.string().nullable(),
        street: z.string().nullable(),
        number: z.string().nullable(),
        altAddress1: z.string().nullable(),
        altAddress2: z.string().nullable(),
      }),
    }),
    params: z.object({ measured: z.array(z.string()), factors: z.record(z.string(), factorsSchema) }),
    tags: z.record(z.string(), tagValueSchema),
    contact: z
      .object({
        fullName: z.string().nullable().optional(),
        email: z.string().nullable().optional(),
        phoneNumber: z.string().nullable().optional(),
      })
      .optional(),
  }),
});

export const installationEditRoutes: ServiceRoutes = (app, ctx) => {
  const { db } = ctx;

  app.get(
    '/installations/:id',
    {
      config: { permission: 'view_installations' },
      schema: {
        summary: 'One installation in the read form used by reinstall (fields the caller may not see are left out)',
        tags: TAGS,
        params,
        response: ok(readForm),
      },
    },
    async (request) => {
      const { permissions } = request.principal;
      const row = await currentInstallation(db, request.params.id);
      const sees = (field: string) => {
        const rule = fieldRule(installation, field);
        return rule === undefined || permissions.can(rule);
      };
      const tagDefs = await loadTags(db, 'installations');
      const tagValues = await loadTagValues(
        db,
        installationTagValues,
        [row.id],
        visibleTagIds(tagDefs, 'installations', permissions),
      );
      const factors = Object.fromEntries(
        Object.entries(row.factors ?? {}).filter(([p, f]) => f && sees(`${p}Factors`)),
      ) as Record<string, { A: number; B: number; C: number }>;
      return {
        data: {
          installation: {
            info: {
              installationId: row.installationId,
              sensorId: row.sensorId,
              status: row.status,
              isVisible: row.isVisible,
              visibleBy: row.visibleBy,
              removedAt: row.removedAt?.toISOString() ?? null,
              ...(sees('contractorId') ? { contractor: { id: row.contractorId } } : {}),
            },
            location: {
              coordinates: { latitude: row.latitude, longitude: row.longitude },
              address: {
                country: row.country,
                state: row.state,
                city: row.city,
                street: row.street,
                number: row.number,
                altAddress1: row.alternativeAddress1,
                altAddress2: row.alternativeAddress2,
              },
            },
            params: { measured: row.measured, factors },
            tags: tagValues.get(row.id) ?? {},
            contact: {
              ...(sees('contactFullName') ? { fullName: row.contactFullName } : {}),
              ...(sees('contactEmail') ? { email: row.contactEmail } : {}),
              ...(sees('contactPhoneNumber') ? { phoneNumber: row.contactPhoneNumber } : {}),
            },
          },
        },
      };
    },
  );

  app.patch(
    '/installations/:id/status',
    {
      config: { permission: 'edit_sensors_status' },
      schema: {
        summary: "Change the status of the installation's sensor (the transitions of the sensor status)",
        tags: TAGS,
        params,
        body: z.object({
          value: z.enum(SENSOR_STATUSES, { error: `value must be one of ${SENSOR_STATUSES.join(', ')}` }),
        }),
        response: ok(z.object({ installationId: z.number().int(), status: z.string() })),
      },
    },
    (request) =>
      editInstallation(ctx, request.principal, request.params.id, {
        event: 'InstallationStatusChanged',
        async apply(tx, row) {
          const to = request.body.value;
          const [sensor] = await tx
            .select({ status: sensors.status })
            .from(sensors)
            .where(eq(sensors.id, row.sensorId))
            .for('update');
          const from = (sensor?.status ?? row.status) as SensorStatus;
          if (from === to)
            return { result: { installationId: row.installationId, status: to }, message: `status stays ${to}` };
          if (!canTransition(from, to)) throw unprocessable(`Sensor status cannot change from ${from} to ${to}`);
          await tx.update(sensors).set({ status: to }).where(eq(sensors.id, row.sensorId));
          await tx.update(installations).set({ status: to, date: new Date() }).where(eq(installations.id, row.id));
          return {
            result: { installationId: row.installationId, status: to },
            message: `sensor ${row.sensorId} status changed from ${from} to ${to}`,
          };
        },
      }),
  );

  app.patch(
    '/installations/:id/visibility',
    {
      config: { permission: editRule(installation, 'isVisible') },
      schema: {
        summary: 'Show or hide the installation on the public map and in open-API responses',
        tags: TAGS,
        params,
        body: z.object({ visible: z.boolean() }),
        response: ok(z.object({ installationId: z.number().int(), isVisible: z.boolean() })),
      },
    },
    (request) =>
      editInstallation(ctx, request.principal, request.params.id, {
        event: 'InstallationVisibilityChanged',
        async apply(tx, row) {
          const visible = request.body.visible;
          await tx
            .update(installations)
            .set({ isVisible: visible, date: new Date() })
            .where(eq(installations.id, row.id));
          return {
            result: { installationId: row.installationId, isVisible: visible },
            message: visible ? 'now visible' : 'now invisible',
          };
        },
      }),
  );

  app.patch(
    '/installations/:id/visibleBy',
    {
      config: { permission: editRule(installation, 'visibleBy') },
      schema: {
        summary: 'The e-mail of the person the installation is visible to (empty clears it)',
        tags: TAGS,
        params,
        body: z.object({ value: text(254).nullable() }),
        response: ok(z.object({ installationId: z.number().int(), visibleBy: z.string().nullable() })),
      },
    },
    (request) =>
      editInstallation(ctx, request.principal, request.params.id, {
        event: 'InstallationVisibleByChanged',
        async apply(tx, row) {
          const visibleBy = checked(request.body.value, email, 'visibleBy');
          await tx.update(installations).set({ visibleBy, date: new Date() }).where(eq(installations.id, row.id));
          return {
            result: { installationId: row.installationId, visibleBy },
            message: visibleBy ? `visible by ${visibleBy}` : 'visibleBy cleared',
          };
        },
      }),
  );

  const contactFields = [
    {
      path: 'fullName',
      field: 'contactFullName',
      rule: (v: unknown) => (String(v).length > 200 ? MESSAGES.shorter(201) : undefined),
      label: 'Contact name',
    },
    {
      path: 'email',
      field: 'contactEmail',
      rule: email,
      label: 'Contact e-mail',
    },
    {
      path: 'phoneNumber',
      field: 'contactPhoneNumber',
      rule: phone,
      label: 'Contact phone',
    },
  ] as const;
  for (const f of contactFields)
    app.patch(
      `/installations/:id/contact/${f.path}`,
      {
        config: { permission: editRule(installation, f.field) },
        schema: {
          summary: `${f.label} of the installation (empty clears it)`,
          tags: TAGS,
          params,
          body: z.object({ value: text(254).nullable() }),
          response: ok(z.object({ installationId: z.number().int(), value: z.string().nullable() })),
        },
      },
      (request) =>
        editInstallation(ctx, request.principal, request.params.id, {
          event: 'InstallationContactChanged',
          async apply(tx, row) {
            const value = checked(request.body.value, f.rule, f.label);
            await tx
              .update(installations)
              .set({ [f.field]: value, date: new Date() })
              .where(eq(installations.id, row.id));
            return {
              result: { installationId: row.installationId, value },
              message: value ? `${f.label.toLowerCase()} changed` : `${f.label.toLowerCase()} cleared`,
            };
          },
        }),
    );

  const osmId = z.string().regex(OSM_ID, 'An OSM id such as R49715');
  app.patch(
    '/installations/:id/address',
    {
      config: { permission: editRule(installation, 'city') },
      schema: {
        summary: 'Set the country, state or city of the address by OpenStreetMap id (one per call)',
        description: 'The place is looked up in the gazetteer; the field, its Local variant and its Id are stored.',
        tags: TAGS,
        params,
        body: z.object({ country: osmId.optional(), state: osmId.optional(), city: osmId.optional() }),
        response: ok(
          z.object({
            location: z.object({ address: z.record(z.string(), z.string().nullable()) }),
          }),
        ),
      },
    },
    (request) => {
      const given = (['country', 'state', 'city'] as const).filter((f) => request.body[f] !== undefined);
      if (given.length !== 1) throw badRequest('Send exactly one of country, state or city');
      const field = given[0]!;
      const id = request.body[field]!;
      return editInstallation(ctx, request.principal, request.params.id, {
        event: 'InstallationAddressChanged',
        async apply(tx, row) {
          const place = await ctx.gazetteer.place(id);
          if (!place) throw unprocessable(`No place with OSM id ${id} is known`);
          if (place.kind !== field) throw unprocessable(`${id} (${place.name}) is a ${place.kind}, not a ${field}`);
          const set = { [field]: place.name, [`${field}Local`]: place.nameLocal, [`${field}Id`]: place.osmId };
          await tx
            .update(installations)
            .set({ ...set, date: new Date() })
            .where(eq(installations.id, row.id));
          return {
            result: { location: { address: set } },
            message: `${field} set to ${place.nameLocal} (${place.osmId})`,
          };
        },
      });
    },
  );

  app.patch(
    '/installations/:id/altaddress',
    {
      config: { permission: editRule(installation, 'alternativeAddress1') },
      schema: {
        summary: 'The two alternative address lines (empty clears a line)',
        tags: TAGS,
        params,
        body: z.object({ altAddress1: text(200).nullable(), altAddress2: text(200).nullable() }),
        response: ok(
          z.object({
            installationId: z.number().int(),
            altAddress1: z.string().nullable(),
            altAddress2: z.string().nullable(),
          }),
        ),
      },
    },
    (request) =>
      editInstallation(ctx, request.principal, request.params.id, {
        event: 'InstallationAltAddressChanged',
        async apply(tx, row) {
          const altAddress1 = request.body.altAddress1?.trim() || null;
          const altAddress2 = request.body.altAddress2?.trim() || null;
          await tx
            .update(installations)
            .set({ alternativeAddress1: altAddress1, alternativeAddress2: altAddress2, date: new Date() })
            .where(eq(installations.id, row.id));
          return {
            result: { installationId: row.installationId, altAddress1, altAddress2 },
            message: 'alternative address changed',
          };
        },
      }),
  );

  app.patch(
    '/installations/:id/tags/:tagId',
    {
      config: { permission: ['edit_tags', 'edit_installation_tags', 'edit_installation_tag_<n>'] },
      schema: {
        summary: 'Set (or with null clear) the value of an installation tag',
        description:
          'Needs edit_tags, edit_installation_tags or edit_installation_tag_{tagId}; META tags are read-only.',
        tags: TAGS,
        params: z.object({ id: idParam, tagId: idParam }),
        body: z.object({ value: tagValueSchema }),
        response: ok(z.object({ tagId: z.number().int(), value: tagValueSchema })),
      },
    },
    (request) => {
      const { id, tagId } = request.params;
      assertTagEditable(request.principal.permissions, 'installations', tagId);
      return editInstallation(ctx, request.principal, id, {
        event: 'InstallationTagChanged',
        async apply(tx, row) {
          const { value, message } = await writeTagValue(tx, 'installations', row.id, tagId, request.body.value);
          return { result: { tagId, value }, message };
        },
      });
    },
  );

  app.patch(
    '/installations/:id/factors/:param',
    {
      config: { permission: ['edit_factors', ...FACTOR_PARAMS.map((p) => `edit_${p}_factors` as const)] },
      schema: {
        summary: 'Set (all three numbers) or clear (all null) the calibration factors of one parameter',
        description: `param is one of ${FACTOR_PARAMS.join(', ')}; needs edit_factors or edit_{param}_factors.`,
        tags: TAGS,
        params: z.object({ id: idParam, param: z.string().max(40) }),
        body: z.object({ A: z.number().nullable(), B: z.number().nullable(), C: z.number().nullable() }),
        response: ok(z.object({ param: z.string(), factors: factorsSchema.nullable() })),
      },
    },
    (request) => {
      const { id, param } = request.params;
      const factors = requestedFactors(param, request.body, request.principal.permissions);
      return editInstallation(ctx, request.principal, id, {
        event: 'InstallationFactorsUpdated',
        async apply(tx, row) {
          await tx
            .update(installations)
            .set({
              factors: factors
                ? sql`${installations.factors} || ${JSON.stringify({ [param]: factors })}::jsonb`
                : sql`${installations.factors} - ${param}::text`,
              date: new Date(),
            })
            .where(eq(installations.id, row.id));
          return {
            result: { param, factors },
            message: factorsMessage(param, factors),
          };
        },
      });
    },
  );

  for (const action of ['suspend', 'unsuspend'] as const)
    app.post(
      `/installations/:id/${action}`,
      {
        config: { permission: requiredActionRule(installation, action) },
        schema: {
          summary:
            action === 'suspend'
              ? 'Suspend measurement of parameters from startTime, until endTime or until unsuspended'
              : 'End the suspension of parameters at startTime (now or later)',
          tags: TAGS,
          params,
          body: suspendBody,
          response: ok(z.record(z.string(), suspensionState)),
        },
      },
      (request) => {
        const { startTime, endTime, reason, measurementsTypes } = request.body;
        const start = new Date(startTime);
        const end = endTime ? new Date(endTime) : null;
        if (end && end.getTime() <= start.getTime()) throw badRequest('The till time must be after the from time');
        const chosen = [...new Set(measurementsTypes)].map((type) => {
          const p = type.toLowerCase() as MeasuredParam;
          if (type !== type.toUpperCase() || !MEASURED_PARAMS.includes(p))
            throw badRequest(
              `Unknown measurement type "${type}"; expected upper-case ${MEASURED_PARAMS.map((m) => m.toUpperCase()).join(', ')}`,
            );
          return p;
        });
        return editInstallation(ctx, request.principal, request.params.id, {
          event: action === 'suspend' ? 'MeasurementSuspended' : 'MeasurementUnsuspended',
          async apply(tx, row) {
            const notMeasured = chosen.filter((p) => !row.measured.includes(p));
            if (notMeasured.length)
              throw unprocessable(
                `Installation ${row.installationId} does not measure ${notMeasured.map((p) => p.toUpperCase()).join(', ')}`,
              );
            const now = Date.now();
            const next: Record<string, Suspension> = { ...(row.suspensions ?? {}) };
            for (const p of chosen)
              next[p] =
                action === 'suspend'
                  ? {
                      suspended: true,
                      suspendedFrom: start.toISOString(),
                      suspendedTill: end?.toISOString() ?? null,
                      reason: reason?.trim() || null,
                    }
                  : start.getTime() <= now
                    ? { suspended: false, suspendedFrom: null, suspendedTill: null, reason: null }
                    : {
                        ...(next[p] ?? { suspended: true, suspendedFrom: null, reason: null }),
                        suspendedTill: start.toISOString(),
                      };
            await tx
              .update(installations)
              .set({ suspensions: next, date: new Date() })
              .where(eq(installations.id, row.id));
            const types = chosen.map((p) => p.toUpperCase()).join(', ');
            return {
              result: Object.fromEntries(
                chosen.map((p) => [p, { suspended: next[p]!.suspended, suspendedFrom: next[p]!.suspendedFrom }]),
              ),
              message:
                action === 'suspend'
                  ? `${types} suspended from ${start.toISOString()}${end ? ` till ${end.toISOString()}` : ''}${reason?.trim() ? ` (${reason.trim().slice(0, 200)})` : ''}`
                  : `${types} unsuspended from ${start.toISOString()}`,
            };
          },
        });
      },
    );
};
