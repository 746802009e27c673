/**
 * Sensor models: the hardware models of the fleet, a read-only reference list. Declared only here
 * (plus its table, migration and seed rows): the server's generic list endpoint serves it from the
 * `sensor_models` table and the console shows it with the generic list, search, sort and CSV export.
 */
import { COMMUNICATIONS } from '../domain';
import { defineEntity, field } from './types';

export const sensorModel = defineEntity({
  name: 'sensor-models',
  label: 'Sensor Models',
  labelPl: 'Modele czujników',
  labelOne: 'Sensor Model',
  labelOnePl: 'Model czujnika',
  service: 'main',
  endpoint: '/sensor-models',
  envelope: { rows: 'data.rows', total: 'meta.totalCount' },
  listQuery: 'main',
  access: { list: 'view_sensors', export: 'view_sensors', create: 'add_sensors', edit: 'add_sensors' },
  search: 'plain',
  query: { entity: 'sensor-models', label: 'sensor models' },
  sort: { field: 'name', order: 'ASC' },
  route: { name: 'SensorModelsIndex', menu: { group: 'Manage', icon: 'memory' } },
  storage: { table: 'sensor_models' },
  fields: [
    field('id', 'integer', 'ID', { column: true, search: true, labelPl: 'ID' }),
    field('name', 'string', 'Model', {
      column: true,
      search: true,
      labelPl: 'Model',
      form: true,
      required: true,
      maxLength: 100,
    }),
    field('manufacturer', 'string', 'Manufacturer', {
      column: true,
      search: true,
      labelPl: 'Producent',
      form: true,
      required: true,
      maxLength: 100,
    }),
    field('communication', 'enum', 'Communication', {
      values: COMMUNICATIONS,
      column: true,
      labelPl: 'Komunikacja',
      form: true,
      required: true,
    }),
    field('parameters', 'string', 'Measured parameters', {
      column: true,
      search: true,
      sortable: false,
      labelPl: 'Mierzone parametry',
      form: true,
      required: true,
      maxLength: 500,
    }),
    field('firmwareFamily', 'string', 'Firmware family', {
      column: true,
      labelPl: 'Rodzina firmware',
      form: true,
      required: true,
      maxLength: 40,
      // Lower-case identifiers such as gsm, wifi, gen3.
      pattern: '[a-z0-9][a-z0-9-]*',
    }),
    field('introducedOn', 'date', 'Introduced', { column: true, labelPl: 'Wprowadzony', form: true, required: true }),
    field('inProduction', 'boolean', 'In production', {
      column: true,
      labelPl: 'W produkcji',
      form: true,
      required: true,
    }),
  ],
});
