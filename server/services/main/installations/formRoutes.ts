/**
 * One installation (by business number, `installationId`), its read form and its field editors
 * (document 2, sections 2.1, 4, 5 and 7): the read form used by reinstall, sensor status,
 * visibility, visibleBy, contact name / e-mail / phone, the place of the address and the
 * alternative address lines. Every editor is one transaction with a history snapshot and an audit
 * entry (./edits.ts) and is followed by a live update; the SQL is in ./editRepository.ts.
 */
import { z } from 'zod';
import { SENSOR_STATUSES, canTransition, type SensorStatus } from '../../../../common/domain';
import { editRule, installation } from '../../../../common/entities';
import { MESSAGES, email, phone, type Rule } from '../../../../common/validation';
import { OSM_ID } from '../../../gazetteer';
import { badRequest, unprocessable } from '../../../http/errors';
import type { ServiceRoutes } from '../../../http/service';
import { installationForm, lockSensorStatus, setSensorStatus, updateInstallation } from './editRepository';
import { editInstallation } from './edits';
import { ok, params, readForm, TAGS, text } from './schemas';

/** A blank string clears an optional text; otherwise the rule must pass. */
function checked(value: string | null, rule: Rule, label: string): string | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return null;
  const message = rule(trimmed);
  if (message) throw badRequest(`${label}: ${message.en}`);
  return trimmed;
}

export const installationFormRoutes: ServiceRoutes = (app, ctx) => {
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
    async (request) => ({ data: await installationForm(db, request.params.id, request.principal.permissions) }),
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
          const from = ((await lockSensorStatus(tx, row.sensorId)) ?? row.status) as SensorStatus;
          if (from === to)
            return { result: { installationId: row.installationId, status: to }, message: `status stays ${to}` };
          if (!canTransition(from, to)) throw unprocessable(`Sensor status cannot change from ${from} to ${to}`);
          await setSensorStatus(tx, row.sensorId, row.id, to);
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
          await updateInstallation(tx, row.id, { isVisible: visible });
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
          await updateInstallation(tx, row.id, { visibleBy });
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
            await updateInstallation(tx, row.id, { [f.field]: value });
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
          await updateInstallation(tx, row.id, set);
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
          await updateInstallation(tx, row.id, { alternativeAddress1: altAddress1, alternativeAddress2: altAddress2 });
          return {
            result: { installationId: row.installationId, altAddress1, altAddress2 },
            message: 'alternative address changed',
          };
        },
      }),
  );
};
