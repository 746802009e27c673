/**
 * Calibration factors of a sensor as one chip per parameter it measures or has factors for (those
 * the user may view: view_<param>_factors). A filled chip has factors; with edit_factors or
 * edit_<param>_factors a click opens 'Update <param> Factors'.
 */
import { useState } from 'react';
import { Box, Chip, Tooltip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { CALIBRATION_PARAMS, FACTOR_PARAMS } from '../../../common/domain';
import type { PermissionSet } from '../../../common/permissions';
import { usePermissionSet } from '../../state/useSession';
import { SensorFactorsDialog } from './SensorFactorsDialog';
import type { Sensor } from './types';

export const canViewFactors = (permissions: PermissionSet, param: string) => permissions.holds(`view_${param}_factors`);
/** Factors can be set for FACTOR_PARAMS only (the server refuses the others). */
export const canEditFactors = (permissions: PermissionSet, param: string) =>
  (FACTOR_PARAMS as readonly string[]).includes(param) && permissions.holds(['edit_factors', `edit_${param}_factors`]);

/** Parameters with a chip, in the catalogue's order. */
export function factorParams(sensor: Sensor, permissions: PermissionSet): string[] {
  const factors = sensor.params?.factors ?? {};
  return CALIBRATION_PARAMS.filter(
    (p) => (sensor.info.measured?.includes(p) || factors[p]) && canViewFactors(permissions, p),
  );
}

export function SensorFactorsField() {
  const sensor = useRecordContext<Sensor>();
  const translate = useTranslate();
  const permissions = usePermissionSet();
  const [editing, setEditing] = useState<string | null>(null);
  if (!sensor) return null;
  const factors = sensor.params?.factors ?? {};

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, width: 300 }}>
      {factorParams(sensor, permissions).map((param) => {
        const set = factors[param];
        const editable = canEditFactors(permissions, param);
        const tip = set ? `A = ${set.A}, B = ${set.B}, C = ${set.C}` : translate('aq.pages.sensors.noFactors');
        return (
          <Tooltip key={param} title={tip}>
            <Chip
              label={param}
              size="small"
              color={set ? 'primary' : 'default'}
              variant={set ? 'filled' : 'outlined'}
              onClick={editable ? () => setEditing(param) : undefined}
              aria-label={translate('aq.pages.sensors.factorsOf', { param, id: sensor.id, tip })}
              data-has-factors={Boolean(set)}
            />
          </Tooltip>
        );
      })}
      {editing && <SensorFactorsDialog sensor={sensor} param={editing} onClose={() => setEditing(null)} />}
    </Box>
  );
}
