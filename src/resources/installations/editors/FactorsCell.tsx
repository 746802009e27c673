/** A parameter's calibration factors (A, B, C); with edit_factors or edit_<param>_factors a click opens the factors dialog. */
import { useState } from 'react';
import { Chip, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { FactorsDialog } from '../../../components/sensors/FactorsDialog';
import type { FactorSet } from '../../../dataProviders/types';
import { useInstallationEdit } from './useInstallationEdit';

export function FactorsCell({ param, canEdit }: { param: string; canEdit: boolean }) {
  const { record, save } = useInstallationEdit();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const id = record.installationId;
  const set = record[`${param}Factors`] as FactorSet | null | undefined;
  const text = set ? `${set.A} · ${set.B} · ${set.C}` : '—';
  const tip = set ? `A = ${set.A}, B = ${set.B}, C = ${set.C}` : translate('aq.pages.sensors.noFactors');
  return (
    <>
      <Tooltip title={tip}>
        <Chip
          size="small"
          label={text}
          variant={set ? 'filled' : 'outlined'}
          onClick={canEdit ? () => setOpen(true) : undefined}
          aria-label={translate('aq.valueNames.factors', { value: text, param, id, tip })}
          data-has-factors={Boolean(set)}
        />
      </Tooltip>
      {open && (
        <FactorsDialog
          param={param}
          ownerId={id}
          stored={set}
          save={async (factors) => {
            const field = `${param}Factors`;
            const saved = await save(record, { data: { [field]: factors }, meta: { action: 'factors', param } });
            return saved[field] as FactorSet | null;
          }}
          onSaved={() => undefined}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
