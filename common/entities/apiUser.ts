/** API-key users (spec document 2, sections 2.7 and 3), served by the API-user manager. */
import { defineEntity, field } from './types';

export const apiUser = defineEntity({
  name: 'api-users',
  label: 'API Users',
  service: 'apiusers',
  endpoint: '/users',
  envelope: { rows: 'users', total: 'totalUsers' },
  listQuery: 'paged',
  access: { list: 'view_api_users', edit: 'edit_api_users', export: 'view_api_users' },
  search: 'plain',
  sort: { field: 'id', order: 'ASC' },
  perPageOptions: [10, 50, 100, 200],
  route: { name: 'ApiUsersIndex', menu: { group: 'Domain', icon: 'key' } },
  fields: [
    field('id', 'integer', 'ID'),
    field('username', 'string', 'Username', { search: true, column: true }),
    field('customId', 'string', 'Custom ID', { search: true, column: true }),
    field('contractorId', 'integer', 'Contractor ID'),
    field('contractorName', 'string', 'Contractor', { search: true, column: true }),
    field('endOfDeal', 'date', 'End of deal', { column: true }),
    field('companyOwner', 'string', 'Owner', { column: true }),
    field('internal', 'boolean', 'Internal account', { sortable: false }),
    field('samplesAPI', 'boolean', 'Samples API', { sortable: false }),
    field('limitStandard', 'json', 'Standard limit', { column: true, sortable: false }),
    field('limitSamples', 'json', 'Samples limit', { column: true, sortable: false }),
  ],
});
