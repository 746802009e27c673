/**
 * API-key users (spec document 2, sections 2.7 and 3), served by the API-user manager. `edit` names
 * who may change a value (section 6); a provider-internal account needs the specific permission
 * (the last of each list) — the console and the server apply API_USER_EDIT_RULES the same way.
 */
import type { Permission } from '../permissions';
import { defineEntity, field, actionsField } from './types';

/** The change rules of an API-key user: any of `general` or `specific`; an internal account needs `specific`. */
export const API_USER_EDIT_RULES = {
  limitStandard: { general: 'edit_api_users', specific: 'edit_api_users_limit_standard' },
  limitSamples: { general: 'edit_api_users', specific: 'edit_api_users_limit_samples' },
  contractor: { general: 'edit_api_users', specific: 'edit_api_users_contractor' },
  /** Issuing an API key (beyond the spec). */
  key: { general: 'edit_api_users', specific: 'edit_api_users_internal' },
} as const satisfies Record<string, { general: Permission; specific: Permission }>;
const rule = (r: { general: Permission; specific: Permission }) => [r.general, r.specific];

export const apiUser = defineEntity({
  name: 'api-users',
  label: 'API Users',
  labelPl: 'Użytkownicy API',
  labelOne: 'API User',
  labelOnePl: 'Użytkownik API',
  service: 'apiusers',
  endpoint: '/users',
  envelope: { rows: 'users', total: 'totalUsers' },
  listQuery: 'paged',
  access: { list: 'view_api_users', edit: 'edit_api_users', export: 'view_api_users' },
  search: 'plain',
  sort: { field: 'id', order: 'ASC' },
  perPageOptions: [10, 50, 100, 200],
  route: { name: 'ApiUsersIndex', menu: { group: 'Domain', icon: 'key' } },
  // The list's columns in the spec's order: the expired-deal warning and the row's actions first
  // (they stay on screen when the table scrolls sideways), then the data, then the usage dashboard.
  fields: [
    field('customDealExpired', 'boolean', 'Expired deal', {
      labelPl: 'Umowa wygasła',
      descriptionPl: 'Istnieje limit indywidualny, a umowa kontrahenta skończyła się przed dzisiejszym dniem',
      description: 'A custom limit exists and the contractor deal ended before today',
      column: true,
      sortable: false,
      csv: false,
    }),
    actionsField(),
    field('id', 'integer', 'ID', { labelPl: 'ID', csv: true }),
    field('username', 'string', 'Username', { labelPl: 'Nazwa użytkownika', search: true, column: true }),
    field('customId', 'string', 'Custom ID', { labelPl: 'Własny identyfikator', search: true, column: true }),
    field('contractorId', 'integer', 'Contractor ID', { labelPl: 'ID kontrahenta', csv: true }),
    field('contractorName', 'string', 'Contractor', {
      labelPl: 'Kontrahent',
      search: true,
      column: true,
      edit: rule(API_USER_EDIT_RULES.contractor),
    }),
    field('endOfDeal', 'date', 'End of deal', { labelPl: 'Koniec umowy', column: true }),
    field('companyOwner', 'string', 'Owner', { labelPl: 'Opiekun', column: true }),
    field('internal', 'boolean', 'Internal account', { labelPl: 'Konto wewnętrzne', sortable: false, csv: true }),
    field('samplesAPI', 'boolean', 'Samples API', {
      labelPl: 'API próbek',
      sortable: false,
      csv: true,
      edit: rule(API_USER_EDIT_RULES.limitSamples),
    }),
    field('limitStandard', 'json', 'Standard limit', {
      labelPl: 'Limit standardowy',
      column: true,
      sortable: false,
      edit: rule(API_USER_EDIT_RULES.limitStandard),
    }),
    field('limitSamples', 'json', 'Samples limit', {
      labelPl: 'Limit próbek',
      column: true,
      sortable: false,
      edit: rule(API_USER_EDIT_RULES.limitSamples),
    }),
    // The usage dashboard's link, where API_USERS_DASHBOARD_URL is configured.
    field('dashboard', 'actions', 'Usage dashboard', {
      labelPl: 'Panel użycia',
      query: false,
      sortable: false,
      column: true,
      csv: false,
    }),
  ],
});
