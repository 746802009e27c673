/** Staff users of the console (spec document 1, the Users screen of the admin area). */
import { defineEntity, field, actionsField } from './types';

export const staffUser = defineEntity({
  name: 'users',
  label: 'Users',
  labelPl: 'Użytkownicy',
  labelOne: 'User',
  labelOnePl: 'Użytkownik',
  service: 'main',
  endpoint: '/admin/users',
  envelope: { rows: 'data.data' },
  listQuery: 'plain',
  access: { list: 'admin_view_users', edit: 'admin_edit_users', logout: 'admin_logout_users' },
  search: 'plain',
  route: { name: 'Users', menu: { group: 'Admin', icon: 'people' } },
  fields: [
    field('id', 'integer', 'ID', { labelPl: 'ID' }),
    field('avatar', 'string', 'Avatar', { labelPl: 'Awatar', sortable: false, column: true, csv: false }),
    field('name', 'string', 'Username', { labelPl: 'Nazwa użytkownika', column: true }),
    field('displayName', 'string', 'Display name', { labelPl: 'Nazwa wyświetlana', column: true }),
    field('role', 'string', 'Role', { labelPl: 'Rola', column: true }),
    // Shown by the row's dimming and its enable/disable action, not as a column.
    field('enabled', 'boolean', 'Enabled', { labelPl: 'Aktywny', csv: true }),
    actionsField(),
  ],
});
