/** A parameter's calibration factors (A, B, C); with edit_factors or edit_<param>_factors a click opens the factors dialog. */
import { useState } from 'react';
import { Chip, Tooltip } from '@mui/material';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { FactorsDialog } from '../../../components/sensors/FactorsDialog';
import type { AppDataProvider, FactorSet } from '../../../dataProviders/types';
import type { Installation } from '../types';
import { useUpdateInstallationInCache } from '../useUpdateInstallationInCache';

export function FactorsCell({ param, canEdit }: { param: string; canEdit: boolean }) {
  const record = useRecordContext<Installation>();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const updateInCache = useUpdateInstallationInCache();
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
          aria-label={translate('aq.pages.sensors.factorsOf', { param, id, tip })}
          data-has-factors={Boolean(set)}
        />
      </Tooltip>
      {open && (
        <FactorsDialog
          param={param}
          ownerId={id}
          stored={set}
          save={async (factors) =>
            (await dataProvider.updateInstallationFactors('installations', { id, param, factors })).factors
          }
          onSaved={(saved) => updateInCache(id, { [`${param}Factors`]: saved })}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
