/** Developer-portal users (spec document 2, sections 2.6 and 3), served by the developer-portal admin API. */
import { ADP_USER_STATUSES, ADP_USER_TYPES } from '../domain';
import { defineEntity, field, actionsField } from './types';

const CONTRACTOR = 'view_contractors_adp_users';

export const adpUser = defineEntity({
  name: 'adp-users',
  label: 'ADP Users',
  labelPl: 'Użytkownicy ADP',
  labelOne: 'ADP User',
  labelOnePl: 'Użytkownik ADP',
  service: 'adp',
  endpoint: '/admin/users',
  envelope: { rows: 'data.users', total: 'meta.totalCount' },
  listQuery: 'paged',
  access: {
    list: 'view_panel_users',
    create: 'add_panel_users',
    edit: 'edit_panel_users',
    delete: 'remove_panel_users',
    export: 'view_panel_users',
  },
  search: 'plain',
  sort: { field: 'id', order: 'ASC' },
  perPage: 20,
  perPageOptions: [20, 50, 100, 1000],
  route: { name: 'AdpUsersIndex', menu: { group: 'Domain', icon: 'badge' } },
  // The list's columns in the spec's order (name, e-mail, accesses and contractor, end of deal,
  // company owner, plan, actions), the ID and type offered by the Columns button; the CSV export
  // writes the data columns in the same order.
  fields: [
    field('id', 'integer', 'ID', { labelPl: 'ID', column: 'optional', csv: false }),
    field('nickname', 'string', 'Name', { labelPl: 'Nazwa', search: true, column: true }),
    field('email', 'string', 'E-mail', { labelPl: 'E-mail', search: true, column: true }),
    field('status', 'enum', 'Status', { labelPl: 'Status', values: ADP_USER_STATUSES }),
    field('type', 'enum', 'Type', { labelPl: 'Typ', values: ADP_USER_TYPES, column: 'optional', csv: false }),
    field('contractorId', 'integer', 'Contractor ID', {
      labelPl: 'ID kontrahenta',
      permission: CONTRACTOR,
      sortable: false,
    }),
    // One column: the number of access definitions and, with view_contractors_adp_users, the contractor.
    field('accessCount', 'integer', 'Accesses', {
      labelPl: 'Dostępy',
      descriptionPl: 'Liczba definicji dostępu',
      description: 'Number of access definitions',
      column: true,
      csv: false,
    }),
    field('contractorName', 'string', 'Contractor', {
      labelPl: 'Kontrahent',
      permission: CONTRACTOR,
      search: true,
      csv: true,
    }),
    field('endOfDeal', 'date', 'End of deal', { labelPl: 'Koniec umowy', permission: CONTRACTOR, column: true }),
    field('companyOwner', 'string', 'Company owner', {
      labelPl: 'Opiekun firmy',
      permission: CONTRACTOR,
      column: true,
    }),
    field('plan', 'string', 'Plan', {
      labelPl: 'Plan',
      permission: 'view_plans',
      column: true,
      source: 'plan.displayName',
    }),
    field('trial', 'json', 'Trial', { labelPl: 'Okres próbny', permission: 'view_plans', sortable: false }),
    field('reason', 'string', 'Reason', { labelPl: 'Powód dostępu', sortable: false }),
    actionsField(),
  ],
});
