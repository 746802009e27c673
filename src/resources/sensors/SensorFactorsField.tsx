/**
 * Calibration factors of a sensor as one chip per parameter it measures or has factors for (those
 * the user may view: view_<param>_factors). A filled chip has factors; with edit_factors or
 * edit_<param>_factors a click opens 'Update <param> Factors'.
 */
import { useState } from 'react';
import { Box, Chip, Tooltip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { CALIBRATION_PARAMS } from '../../../common/domain';
import { useFieldAccess, type FieldAccess } from '../useFieldAccess';
import { SensorFactorsDialog } from './SensorFactorsDialog';
import type { Sensor } from './types';

/** Parameters with a chip, in the catalogue's order. */
export function factorParams(sensor: Sensor, access: FieldAccess): string[] {
  const factors = sensor.params?.factors ?? {};
  return CALIBRATION_PARAMS.filter(
    (p) => (sensor.info.measured?.includes(p) || factors[p]) && access.factors(p, 'view'),
  );
}

export function SensorFactorsField() {
  const sensor = useRecordContext<Sensor>();
  const translate = useTranslate();
  const access = useFieldAccess();
  const [editing, setEditing] = useState<string | null>(null);
  if (!sensor) return null;
  const factors = sensor.params?.factors ?? {};

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, width: 300 }}>
      {factorParams(sensor, access).map((param) => {
        const set = factors[param];
        const editable = access.factors(param, 'edit');
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
