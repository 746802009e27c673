/**
 * The sensor calls beyond list/one/retire, as custom data-provider methods of the `sensors`
 * resource (src/dataProviders/adapters.ts): status, tag values, factors, CSV export and order, and
 * the GSM updater's status, restart and idle. Components use them through `useSensorsApi()`.
 */
import { useMemo } from 'react';
import { useDataProvider, type Identifier } from 'react-admin';
import type { SensorStatus } from '../../../common/domain';
import type { TagValue } from '../tags/types';
import type { FactorSet, Sensor, SensorOrder, UpdaterSensor } from './types';

export interface SensorsApi {
  changeStatus(id: Identifier, status: SensorStatus): Promise<Sensor>;
  updateTag(id: Identifier, tagId: number, value: TagValue): Promise<{ tagId: number; value: TagValue }>;
  /** `null` clears the parameter's factors. */
  updateFactors(
    id: Identifier,
    param: string,
    factors: FactorSet | null,
  ): Promise<{ param: string; factors: FactorSet | null }>;
  retire(id: Identifier): Promise<Sensor>;
  /** Every row matching the query, as CSV (a raw Response to download). */
  exportCsv(params: { query?: string; sortBy?: string; order?: 'asc' | 'desc' }): Promise<Response>;
  /** Orders new sensors; the Response is the CSV of the created sensors. One key per submit attempt. */
  order(order: SensorOrder, idempotencyKey: string): Promise<Response>;
  updaterStatus(id: Identifier, signal?: AbortSignal): Promise<UpdaterSensor>;
  restart(id: Identifier): Promise<{ id: number; status: string }>;
  idle(id: Identifier): Promise<{ id: number; status: string }>;
}

/** Method names on the data provider (resource first, as combineDataProviders requires). */
export const SENSOR_METHODS = {
  changeStatus: 'changeSensorStatus',
  updateTag: 'updateSensorTag',
  updateFactors: 'updateSensorFactors',
  retire: 'retireSensor',
  exportCsv: 'exportSensors',
  order: 'orderSensors',
  updaterStatus: 'getSensorUpdaterStatus',
  restart: 'restartSensor',
  idle: 'idleSensor',
} as const satisfies Record<keyof SensorsApi, string>;

export function useSensorsApi(): SensorsApi {
  const dataProvider = useDataProvider();
  return useMemo(() => {
    const call = (method: keyof SensorsApi, params: unknown, ...options: unknown[]) =>
      dataProvider[SENSOR_METHODS[method]]('sensors', params, ...options);
    return {
      changeStatus: (id, status) => call('changeStatus', { id, status }),
      updateTag: (id, tagId, value) => call('updateTag', { id, tagId, value }),
      updateFactors: (id, param, factors) => call('updateFactors', { id, param, factors }),
      retire: (id) => call('retire', { id }),
      exportCsv: (params) => call('exportCsv', params),
      order: (order, idempotencyKey) => call('order', order, { idempotencyKey }),
      updaterStatus: (id, signal) => call('updaterStatus', { id, signal }),
      restart: (id) => call('restart', { id }),
      idle: (id) => call('idle', { id }),
    };
  }, [dataProvider]);
}
