/**
 * A sensor's 'Update <param> Factors' dialog: the shared FactorsDialog saving through react-admin's
 * update (`meta: { action: 'factors', param }`), which writes the stored factors into the cache.
 */
import { useUpdate } from 'react-admin';
import { FactorsDialog } from '../../components/sensors/FactorsDialog';
import type { SensorUpdateMeta } from '../../dataProviders/types';
import type { FactorSet, Sensor } from './types';

export interface SensorFactorsDialogProps {
  sensor: Sensor;
  param: string;
  onClose: () => void;
}

function withFactors(sensor: Sensor, param: string, set: FactorSet | null): Sensor {
  const factors = { ...sensor.params.factors };
  if (set) factors[param] = set;
  else delete factors[param];
  return { ...sensor, params: { ...sensor.params, factors } };
}

export function SensorFactorsDialog({ sensor, param, onClose }: SensorFactorsDialogProps) {
  const [update] = useUpdate<Sensor>();
  return (
    <FactorsDialog
      param={param}
      ownerId={sensor.id}
      stored={sensor.params.factors[param]}
      save={async (set) => {
        const meta: SensorUpdateMeta = { action: 'factors', param };
        const saved = await update(
          'sensors',
          { id: sensor.id, data: { params: withFactors(sensor, param, set).params }, previousData: sensor, meta },
          { mutationMode: 'pessimistic', returnPromise: true },
        );
        return (saved as Sensor).params.factors[param] ?? null;
      }}
      onSaved={() => undefined}
      onClose={onClose}
    />
  );
}
