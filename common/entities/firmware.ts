/**
 * Firmware versions and deployments of the three device families (spec document 2, sections 2.9
 * and 3), served by the GSM, Wi-Fi and Gen3 updater services.
 */
import { DEPLOYMENT_STRATEGIES, VERSION_STATUSES } from '../domain';
import { defineEntity, field, type FieldDecl, actionsField } from './types';

const DEPLOYMENT_ACCESS = { list: 'view_deployments', create: 'add_deployments' } as const;
const PAGED = { envelope: { rows: 'data', total: 'totalCount' }, listQuery: 'paged' } as const;

const deploymentFields = (versionLabel: string, versionLabelPl: string, withTill: boolean): FieldDecl[] => [
  field('id', 'integer', 'ID', { labelPl: 'ID', column: true }),
  field('version', 'string', versionLabel, { labelPl: versionLabelPl, column: true }),
  field('status', 'string', 'Status', { labelPl: 'Status', column: true }),
  field('strategy', 'enum', 'Strategy', {
    labelPl: 'Strategia',
    values: DEPLOYMENT_STRATEGIES,
    column: true,
    sortable: false,
    csv: false,
  }),
  field('sensors', 'list', 'Sensors', { labelPl: 'Czujniki', column: true, sortable: false }),
  field('test_time', 'integer', 'Grace period', {
    labelPl: 'Okres karencji',
    column: true,
    sortable: false,
    csv: false,
  }),
  field('blocked_sensors', 'list', 'Blocked sensors', {
    labelPl: 'Zablokowane czujniki',
    column: true,
    sortable: false,
    csv: false,
  }),
  field('from_date', 'datetime', 'From', { labelPl: 'Od', column: true }),
  ...(withTill ? [field('till_date', 'datetime', 'Till', { labelPl: 'Do', column: true })] : []),
  actionsField(),
];

export const gsmVersion = defineEntity({
  name: 'deployments/gsm/versions',
  label: 'Versions',
  labelPl: 'Wersje',
  labelOne: 'Version',
  labelOnePl: 'Wersja',
  service: 'gsm',
  endpoint: '/versions',
  ...PAGED,
  access: { list: 'view_versions', create: 'add_versions', edit: 'add_versions' },
  search: 'plain',
  sort: { field: 'version', order: 'DESC' },
  route: { name: 'DeploymentsGsmVersions', menu: { group: 'Updater GSM', icon: 'systemUpdate' } },
  fields: [
    field('version', 'string', 'Version', { labelPl: 'Wersja', column: true }),
    field('description', 'string', 'Comment', { labelPl: 'Komentarz', column: true, sortable: false }),
    field('createdDate', 'datetime', 'Created', { labelPl: 'Utworzono', column: true }),
    field('status', 'enum', 'Status', { labelPl: 'Status', values: VERSION_STATUSES, column: true }),
  ],
});

export const gsmDeployment = defineEntity({
  name: 'deployments/gsm',
  label: 'Deployments',
  labelPl: 'Wdrożenia',
  labelOne: 'Deployment',
  labelOnePl: 'Wdrożenie',
  service: 'gsm',
  endpoint: '/deployments',
  ...PAGED,
  access: { ...DEPLOYMENT_ACCESS, delete: 'free_deployments', halt: 'halt_deployments' },
  sort: { field: 'id', order: 'DESC' },
  perPageOptions: [10, 20, 50, 100, 1000],
  route: { name: 'DeploymentsGsmIndex', menu: { group: 'Updater GSM', icon: 'rocket' } },
  fields: deploymentFields('Version', 'Wersja', true),
});

export const wifiDeployment = defineEntity({
  name: 'deployments/wifi',
  label: 'Deployments',
  labelPl: 'Wdrożenia',
  labelOne: 'Deployment',
  labelOnePl: 'Wdrożenie',
  service: 'wifi',
  endpoint: '/deployments',
  ...PAGED,
  access: { ...DEPLOYMENT_ACCESS, delete: 'free_deployments', halt: 'halt_deployments' },
  sort: { field: 'id', order: 'DESC' },
  perPageOptions: [10, 20, 50, 100, 1000],
  route: { name: 'DeploymentsWifiIndex', menu: { group: 'Updater Wi-Fi', icon: 'rocket' } },
  fields: deploymentFields('Commit', 'Commit', true),
});

export const gen3Deployment = defineEntity({
  name: 'deployments/gen3',
  label: 'Deployments',
  labelPl: 'Wdrożenia',
  labelOne: 'Deployment',
  labelOnePl: 'Wdrożenie',
  service: 'gen3',
  endpoint: '/deployments',
  ...PAGED,
  access: DEPLOYMENT_ACCESS,
  sort: { field: 'id', order: 'DESC' },
  perPageOptions: [10, 20, 50, 100],
  route: { name: 'DeploymentsGen3Index', menu: { group: 'Updater Gen3', icon: 'rocket' } },
  fields: [
    // The Gen3 updater pages newest first and takes no sort parameter.
    field('id', 'integer', 'ID', { labelPl: 'ID', column: true, sortable: false }),
    field('sensorId', 'integer', 'Sensor ID', { labelPl: 'ID czujnika', column: true, sortable: false }),
    field('version', 'string', 'Version', { labelPl: 'Wersja', column: true, sortable: false }),
    field('createdDate', 'datetime', 'Created', { labelPl: 'Utworzono', column: true, sortable: false }),
    field('appliedDate', 'datetime', 'Applied', { labelPl: 'Zastosowano', column: true, sortable: false }),
  ],
});

export const gen3Version = defineEntity({
  name: 'deployments/gen3/versions',
  label: 'Versions',
  labelPl: 'Wersje',
  labelOne: 'Version',
  labelOnePl: 'Wersja',
  service: 'gen3',
  endpoint: '/versions',
  ...PAGED,
  access: { list: 'view_versions', create: 'add_versions' },
  sort: { field: 'createdDate', order: 'DESC' },
  perPageOptions: [10, 20, 50, 100],
  route: { name: 'DeploymentsGen3Versions', menu: { group: 'Updater Gen3', icon: 'systemUpdate' } },
  fields: [
    field('version', 'string', 'Version', { labelPl: 'Wersja', column: true, sortable: false }),
    field('description', 'string', 'Description', { labelPl: 'Opis', column: true, sortable: false }),
    field('createdDate', 'datetime', 'Created', { labelPl: 'Utworzono', column: true, sortable: false }),
  ],
});
