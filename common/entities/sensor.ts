/** Sensors (spec document 1, sections on the sensors list and its query language). */
import { COMMUNICATIONS, MEASURED_PARAMS, SENSOR_STATUSES } from '../domain';
import { CONTRACTOR_RULE } from './shared';
import { defineEntity, field } from './types';

export const sensor = defineEntity({
  name: 'sensors',
  label: 'Sensors',
  labelPl: 'Czujniki',
  service: 'main',
  endpoint: '/sensors',
  envelope: { rows: 'data.sensors', total: 'meta.totalCount' },
  listQuery: 'main',
  access: {
    list: 'view_sensors',
    create: 'add_sensors',
    edit: 'edit_sensors_status',
    /** Retiring a sensor is its DELETE. */
    delete: 'remove_sensors',
    export: 'view_sensors',
    changeStatus: 'edit_sensors_status',
    /** Restart and idle on the GSM updater. */
    restart: 'restart_sensors',
    history: 'view_history_sensor',
  },
  search: 'advanced',
  query: { entity: 'sensors', label: 'sensors' },
  tagContext: 'sensors',
  sort: { field: 'id', order: 'ASC' },
  route: { name: 'SensorsIndex', menu: { group: 'Domain', icon: 'sensors' } },
  fields: [
    field('id', 'integer', 'ID', { description: 'Sensor ID', search: true, column: true, csv: true }),
    field('currentInstallationId', 'integer', 'Installation', {
      description: 'Installation ID of the current installation',
      search: true,
      column: true,
      source: 'info.currentInstallationId',
    }),
    field('installationId', 'integer', 'Installation ID', {
      description: 'Same as currentInstallationId',
      source: 'info.currentInstallationId',
      inRow: false,
      csv: false,
    }),
    field('sensorToken', 'string', 'Sensor token', {
      permission: 'view_sensortoken',
      search: true,
      column: true,
      source: 'info.sensorToken',
    }),
    field('communication', 'enum', 'Communication', {
      description: 'Communication module',
      values: COMMUNICATIONS,
      permission: 'view_communication',
      column: true,
      source: 'info.communication',
    }),
    field('contractorId', 'integer', 'Contractor ID', { permission: CONTRACTOR_RULE, source: 'info.contractor.id' }),
    field('contractorName', 'string', 'Contractor', {
      description: 'Contractor name',
      permission: CONTRACTOR_RULE,
      search: true,
      column: true,
      source: 'info.contractor.name',
    }),
    field('status', 'enum', 'Status', {
      description: 'Sensor status',
      values: SENSOR_STATUSES,
      search: true,
      column: true,
      source: 'info.status',
    }),
    field('measured', 'set', 'Measured', {
      description: 'Measured parameters (measured = pm25: the sensor measures pm25)',
      values: MEASURED_PARAMS,
      column: 'optional',
      source: 'info.measured',
    }),
    field('firmwareVersion', 'string', 'Firmware version', { search: true, inRow: false }),
    field('createdAt', 'datetime', 'Ordered at', { description: 'When the sensor was ordered', inRow: false }),
    field('retiredAt', 'datetime', 'Retired at', { description: 'When the sensor was retired', inRow: false }),
    field('lastMeasurement', 'datetime', 'Last measurement', {
      description: 'Time of the last measurement',
      inRow: false,
    }),
    field('factors', 'json', 'Factors', { query: false, sortable: false, column: true, source: 'params.factors' }),
    field('tags', 'json', 'Tags', {
      description: 'Tag values by tag id (a column per tag)',
      query: false,
      sortable: false,
      column: true,
      csv: false,
    }),
    field('actions', 'actions', 'Actions', { query: false, sortable: false, column: true, csv: false }),
  ],
});
