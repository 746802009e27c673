/**
 * An installation's measurement settings (document 2, sections 4, 5 and 7): tag values,
 * calibration factors per parameter and the suspension of measured parameters. Every change is one
 * transaction with a history snapshot and an audit entry (./edits.ts), followed by a live update;
 * the SQL is in ./editRepository.ts.
 */
import { z } from 'zod';
import { FACTOR_PARAMS, MEASURED_PARAMS, type MeasuredParam } from '../../../../common/domain';
import { installation, requiredActionRule } from '../../../../common/entities';
import type { Suspension } from '../../../db/schema';
import { badRequest, unprocessable } from '../../../http/errors';
import { idParam } from '../../../http/schemas';
import type { ServiceRoutes } from '../../../http/service';
import { factorsSchema, tagValueSchema } from '../sensors/schemas';
import { assertTagEditable, factorsMessage, requestedFactors, writeTagValue } from '../valueEdits';
import { setInstallationFactors, updateInstallation } from './editRepository';
import { editInstallation } from './edits';
import { ok, params, suspendBody, suspensionState, TAGS } from './schemas';

export const installationMeasurementRoutes: ServiceRoutes = (app, ctx) => {
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
          await setInstallationFactors(tx, row.id, param, factors);
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
            await updateInstallation(tx, row.id, { suspensions: next });
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
