/** Sensor records: declared with the data provider that serves them (src/dataProviders/types.ts). */
export type { FactorSet, Sensor, SensorOrder, UpdaterSensor } from '../../dataProviders/types';
