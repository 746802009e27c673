/**
 * Installations (spec document 2, sections 2.1 and 3): a sensor placed at a location. Fields in the
 * spec's column order; query-only fields (address variants, suspension, ids) follow their column.
 */
import { CALIBRATION_PARAMS, COMMUNICATIONS, FACTOR_PARAMS, MEASURED_PARAMS, SENSOR_STATUSES } from '../domain';
import type { PermissionRule } from '../permissions';
import { CONTRACTOR_RULE, PARAM_GENITIVE_PL, PARAM_LABEL } from './shared';
import { defineEntity, field, actionsField } from './types';

const ADDRESS: PermissionRule = 'view_address';

/** Factors can be set for FACTOR_PARAMS only (the server refuses the others). */
function factorEdit(param: string): { edit?: PermissionRule } {
  const p = FACTOR_PARAMS.find((f) => f === param);
  return p ? { edit: ['edit_factors', `edit_${p}_factors`] } : {};
}
/** Address parts: name, English and Polish label. */
const ADDRESS_PARTS = [
  ['country', 'Country', 'Kraj'],
  ['state', 'State', 'Region'],
  ['city', 'City', 'Miejscowość'],
  ['street', 'Street and number', 'Ulica i numer'],
  ['number', 'House number', 'Numer domu'],
] as const;

export const installation = defineEntity({
  name: 'installations',
  label: 'Installations',
  labelPl: 'Instalacje',
  labelOne: 'Installation',
  labelOnePl: 'Instalacja',
  service: 'main',
  endpoint: '/installations',
  envelope: { rows: 'data.installations', total: 'meta.totalCount' },
  listQuery: 'main',
  access: {
    list: 'view_installations',
    edit: 'view_installations',
    export: 'view_installations',
    history: 'view_history_sensor',
    reinstall: 'move_installation',
    suspend: 'suspend_sensors',
    unsuspend: 'unsuspend_sensors',
  },
  search: 'advanced',
  query: { entity: 'installations', label: 'installations' },
  tagContext: 'installations',
  sort: { field: 'installationId', order: 'ASC' },
  route: { name: 'InstallationsIndex', menu: { group: 'Domain', icon: 'place' } },
  fields: [
    field('id', 'integer', 'ID', {
      labelPl: 'ID',
      descriptionPl: 'ID wiersza rekordu instalacji',
      description: 'Row ID of the installation record',
      column: 'optional',
    }),
    field('installationId', 'integer', 'Installation ID', { labelPl: 'Numer instalacji', search: true, column: true }),
    field('predecessorId', 'integer', 'Predecessor ID', {
      labelPl: 'Poprzednia instalacja',
      descriptionPl: 'Numer poprzedniej instalacji czujnika',
      description: 'Installation ID of the previous installation of the sensor',
      column: 'optional',
    }),
    field('successorId', 'integer', 'Successor ID', {
      labelPl: 'Następna instalacja',
      descriptionPl: 'Numer następnej instalacji (instalacje usunięte)',
      description: 'Installation ID of the next installation (removed installations)',
    }),
    field('sensorId', 'integer', 'Sensor ID', { labelPl: 'ID czujnika', search: true }),
    field('sensorToken', 'string', 'Sensor token', {
      labelPl: 'Token czujnika',
      permission: 'view_sensortoken',
      search: true,
      column: true,
    }),
    field('installationDate', 'datetime', 'Installation date', { labelPl: 'Data instalacji', column: true }),
    field('removedAt', 'datetime', 'Removed at', {
      labelPl: 'Data usunięcia',
      descriptionPl: 'Kiedy instalację zastąpiono (zapytanie z removedAt obejmuje też usunięte instalacje)',
      description: 'When the installation was replaced (a query naming removedAt also lists removed installations)',
    }),
    field('communication', 'enum', 'Communication', {
      labelPl: 'Komunikacja',
      descriptionPl: 'Moduł komunikacyjny czujnika',
      description: 'Communication module of the sensor',
      values: COMMUNICATIONS,
      permission: 'view_communication',
      column: true,
    }),
    field('contractorName', 'string', 'Contractor name', {
      labelPl: 'Kontrahent',
      permission: CONTRACTOR_RULE,
      search: true,
      column: true,
    }),
    field('contractorId', 'integer', 'Contractor ID', {
      labelPl: 'ID kontrahenta',
      permission: CONTRACTOR_RULE,
      column: 'optional',
    }),
    field('hsId', 'string', 'CRM company ID', { labelPl: 'ID firmy w CRM', permission: 'view_contractors_company' }),
    field('hsName', 'string', 'CRM company', {
      labelPl: 'Firma w CRM',
      descriptionPl: 'Nazwa firmy w CRM',
      description: 'CRM company name',
      permission: 'view_contractors_company',
      search: true,
      column: 'optional',
    }),
    field('status', 'enum', 'Status', {
      labelPl: 'Status',
      descriptionPl: 'Status czujnika',
      description: 'Sensor status',
      values: SENSOR_STATUSES,
      column: true,
    }),
    field('providerOwned', 'boolean', 'Provider owned', {
      labelPl: 'Własność operatora',
      descriptionPl: 'Instalacja należąca do operatora sieci',
      description: 'Installation owned by the network provider',
    }),
    field('isVisible', 'boolean', 'Visible', {
      labelPl: 'Widoczna',
      descriptionPl: 'Widoczna na mapie',
      description: 'Visible on the map',
      column: true,
      edit: 'edit_visibility',
    }),
    field('mamsl', 'number', 'Elevation (mamsl)', {
      labelPl: 'Wysokość (m n.p.m.)',
      descriptionPl: 'Wysokość (metry nad poziomem morza)',
      description: 'Elevation (metres above mean sea level)',
      column: 'optional',
    }),
    field('location', 'location', 'Location', {
      labelPl: 'Lokalizacja',
      query: false,
      sortable: false,
      column: 'optional',
    }),
    field('latitude', 'number', 'Latitude', { labelPl: 'Szerokość geograficzna' }),
    field('longitude', 'number', 'Longitude', { labelPl: 'Długość geograficzna' }),
    ...ADDRESS_PARTS.flatMap(([part, label, labelPl]) => [
      field(part, 'string', label, {
        labelPl,
        permission: ADDRESS,
        search: true,
        ...(part === 'country' || part === 'state' ? { column: 'optional' as const } : {}),
        ...(part === 'country' || part === 'state' || part === 'city' ? { edit: 'edit_address' } : {}),
        ...(part === 'city' ? { column: true } : {}),
        ...(part === 'street' ? { column: true } : {}),
      }),
      field(`${part}Local`, 'string', `${label} (local form)`, {
        labelPl: `${labelPl} (forma lokalna)`,
        permission: ADDRESS,
        search: true,
      }),
      field(`${part}Id`, 'string', `${label} (OSM id)`, { labelPl: `${labelPl} (ID OSM)`, permission: ADDRESS }),
    ]),
    field('alternativeAddress1', 'string', 'Alternative address 1', {
      labelPl: 'Adres alternatywny 1',
      permission: ADDRESS,
      edit: 'edit_alternative_address',
      search: true,
      column: 'optional',
    }),
    field('alternativeAddress2', 'string', 'Alternative address 2', {
      labelPl: 'Adres alternatywny 2',
      permission: ADDRESS,
      edit: 'edit_alternative_address',
      search: true,
      column: 'optional',
    }),
    field('visibleBy', 'string', 'Visible by', {
      labelPl: 'Widoczna dla',
      descriptionPl: 'E-mail osoby, dla której instalacja jest widoczna',
      description: 'E-mail of the person the installation is visible to',
      edit: 'edit_visible_by',
      search: true,
      column: 'optional',
    }),
    field('contactFullName', 'string', 'Contact name', {
      labelPl: 'Osoba kontaktowa',
      permission: ['view_contact', 'view_contact_name'],
      edit: ['edit_contact', 'edit_contact_full_name'],
      search: true,
      column: 'optional',
    }),
    field('contactEmail', 'string', 'Contact e-mail', {
      labelPl: 'E-mail kontaktowy',
      permission: ['view_contact', 'view_contact_email'],
      edit: ['edit_contact', 'edit_contact_email'],
      search: true,
      column: 'optional',
    }),
    field('contactPhoneNumber', 'string', 'Contact phone', {
      labelPl: 'Telefon kontaktowy',
      permission: ['view_contact', 'view_contact_phone'],
      edit: ['edit_contact', 'edit_contact_phone_number'],
      search: true,
      column: 'optional',
    }),
    field('date', 'datetime', 'Date', {
      labelPl: 'Data',
      descriptionPl: 'Data ostatniej zmiany',
      description: 'Date of the last change',
      column: 'optional',
    }),
    field('installationRequestId', 'integer', 'Installation request ID', { labelPl: 'ID zgłoszenia instalacji' }),
    field('measured', 'set', 'Measured parameters', {
      labelPl: 'Mierzone parametry',
      descriptionPl: 'Mierzone parametry (measured = no2: czujnik mierzy NO2)',
      description: 'Measured parameters (measured = no2: the sensor measures no2)',
      values: MEASURED_PARAMS,
    }),
    field('lastMeasurement', 'datetime', 'Last measurement', {
      labelPl: 'Ostatni pomiar',
      descriptionPl: 'Czas ostatniego pomiaru',
      description: 'Time of the last measurement',
    }),
    ...MEASURED_PARAMS.flatMap((p) => [
      field(`${p}Value`, 'number', `${PARAM_LABEL[p]} value`, {
        description: `Last ${p} value`,
        labelPl: `Wartość ${PARAM_GENITIVE_PL[p]}`,
        descriptionPl: `Ostatnia wartość ${PARAM_GENITIVE_PL[p]}`,
        permission: `view_${p}`,
        column: 'optional',
      }),
      field(`${p}Suspended`, 'boolean', `${PARAM_LABEL[p]} suspended`, {
        description: `Measurement of ${p} suspended`,
        labelPl: `Pomiar ${PARAM_GENITIVE_PL[p]} wstrzymany`,
        descriptionPl: `Wstrzymano pomiar ${PARAM_GENITIVE_PL[p]}`,
        permission: `view_${p}`,
      }),
      field(`${p}SuspendedFrom`, 'datetime', `${PARAM_LABEL[p]} suspended from`, {
        description: `Start of the ${p} suspension`,
        labelPl: `Pomiar ${PARAM_GENITIVE_PL[p]} wstrzymany od`,
        descriptionPl: `Początek wstrzymania pomiaru ${PARAM_GENITIVE_PL[p]}`,
        permission: `view_${p}`,
      }),
    ]),
    ...CALIBRATION_PARAMS.map((p) =>
      field(`${p}Factors`, 'json', `${PARAM_LABEL[p]} factors`, {
        labelPl: `Współczynniki ${PARAM_GENITIVE_PL[p]}`,
        permission: `view_${p}_factors`,
        ...factorEdit(p),
        sortable: false,
        column: 'optional',
      }),
    ),
    field('recentActivity', 'list', 'Recent activity (72 h)', {
      labelPl: 'Ostatnia aktywność (72 h)',
      query: false,
      sortable: false,
      column: 'optional',
    }),
    actionsField('optional'),
  ],
});

/** With this permission, a parameter the installation does not measure shows a dash instead of its value. */
export const DASH_UNMEASURED_RULE: PermissionRule = 'view_measured';
