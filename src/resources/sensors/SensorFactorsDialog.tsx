/** A sensor's 'Update <param> Factors' dialog: the shared FactorsDialog saving through the sensors' method. */
import { useDataProvider } from 'react-admin';
import { FactorsDialog } from '../../components/sensors/FactorsDialog';
import type { AppDataProvider } from '../../dataProviders/types';
import type { FactorSet, Sensor } from './types';
import { useUpdateSensorInCache } from './useUpdateSensorInCache';

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
  const dataProvider = useDataProvider<AppDataProvider>();
  const updateInCache = useUpdateSensorInCache();
  return (
    <FactorsDialog
      param={param}
      ownerId={sensor.id}
      stored={sensor.params.factors[param]}
      save={async (set) => {
        const result = await dataProvider.updateSensorFactors('sensors', { id: sensor.id, param, factors: set });
        return result && 'factors' in result ? result.factors : undefined;
      }}
      onSaved={(set) => updateInCache(sensor.id, (s) => withFactors(s, param, set))}
      onClose={onClose}
    />
  );
}
