/** Installation requests (spec document 2, sections 2.4, 3 and 4). */
import { CLIENT_TYPES, REQUEST_STATES, REQUEST_TYPES } from '../domain';
import { defineEntity, field } from './types';

export const installationRequest = defineEntity({
  name: 'installation-requests',
  label: 'Installation Requests',
  labelPl: 'Zgłoszenia instalacji',
  service: 'main',
  endpoint: '/installations/requests/',
  envelope: { rows: 'data.requests', total: 'meta.totalCount' },
  listQuery: 'main',
  access: {
    list: 'view_installation_requests',
    show: 'view_installation_requests',
    edit: 'modify_installation_requests',
  },
  search: 'plain',
  query: { entity: 'requests', label: 'installation requests' },
  sort: { field: 'createdAt', order: 'ASC' },
  perPage: 50,
  perPageOptions: [50, 100, 200],
  route: { name: 'InstallationRequestsIndex', menu: { group: 'Domain', icon: 'assignment', badge: 'openRequests' } },
  fields: [
    field('id', 'integer', 'ID', { description: 'Request ID', search: true, column: true }),
    field('sensorId', 'integer', 'Sensor ID', { search: true, column: true }),
    field('requestType', 'enum', 'Type', { description: 'Request type', values: REQUEST_TYPES, column: true }),
    field('clientType', 'enum', 'Client', { description: 'Client type', values: CLIENT_TYPES, column: true }),
    field('createdAt', 'datetime', 'Created', { description: 'When the request was submitted', column: true }),
    field('updatedAt', 'datetime', 'Updated', { description: 'When the request last changed' }),
    field('address', 'string', 'Address', { search: true, column: true }),
    field('latitude', 'number', 'Latitude', { source: 'location.latitude' }),
    field('longitude', 'number', 'Longitude', { source: 'location.longitude' }),
    field('locationFromAddress', 'boolean', 'Location from address', {
      description: 'Location computed from the address',
    }),
    field('email', 'string', 'E-mail', { search: true, column: true }),
    field('phone', 'string', 'Phone', { search: true }),
    field('language', 'string', 'Language'),
    field('contractorId', 'integer', 'Contractor ID'),
    field('contractorName', 'string', 'Contractor', { description: 'Contractor name', search: true }),
    field('contractorLogo', 'string', 'Contractor logo', { query: false, sortable: false }),
    field('contractorLink', 'string', 'Contractor link', { query: false, sortable: false }),
    field('images', 'json', 'Images', { description: 'Images: link and location', query: false, sortable: false }),
    field('notes', 'string', 'Notes', { description: 'Notes submitted with the request', search: true }),
    field('staffNotes', 'string', 'Staff notes', { description: 'Internal notes', search: true }),
    field('state', 'enum', 'State', { description: 'Request state', values: REQUEST_STATES, column: true }),
  ],
});
