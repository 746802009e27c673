/**
 * Contractors (spec document 2, sections 2.5 and 3). The CRM company fields (hsId, hsName, company
 * owner and state, end of deal) need view_contractors_company.
 */
import { CONTRACTOR_TYPES } from '../domain';
import { defineEntity, field, actionsField } from './types';

const COMPANY = 'view_contractors_company';

export const contractor = defineEntity({
  name: 'contractors',
  label: 'Contractors',
  labelPl: 'Kontrahenci',
  labelOne: 'Contractor',
  labelOnePl: 'Kontrahent',
  service: 'main',
  endpoint: '/contractors',
  envelope: { rows: 'data.contractors', total: 'meta.totalCount' },
  listQuery: 'main',
  access: { list: 'view_contractors', create: 'add_contractors', edit: 'edit_contractors', export: 'view_contractors' },
  search: 'advanced',
  query: { entity: 'contractors', label: 'contractors' },
  tagContext: 'contractors',
  sort: { field: 'id', order: 'ASC' },
  perPageOptions: [10, 20, 50, 100, 1000, 2000, 5000],
  route: { name: 'ContractorsIndex', menu: { group: 'Domain', icon: 'handshake' } },
  fields: [
    // The list's columns in order: the logo first, the CRM company ones with view_contractors_company
    // (its ID optional: the name, shown, links to it), one column per tag, then the row's actions.
    field('logo', 'string', 'Logo', { labelPl: 'Logo', column: true, csv: false }),
    field('id', 'integer', 'ID', {
      labelPl: 'ID',
      descriptionPl: 'ID kontrahenta',
      description: 'Contractor ID',
      search: true,
      column: true,
    }),
    field('name', 'string', 'Name', { labelPl: 'Nazwa', search: true, column: true }),
    field('type', 'enum', 'Type', {
      labelPl: 'Typ',
      descriptionPl: 'Typ kontrahenta',
      description: 'Contractor type',
      values: CONTRACTOR_TYPES,
      column: true,
    }),
    field('link', 'string', 'Link', {
      labelPl: 'Strona WWW',
      descriptionPl: 'Adres strony WWW',
      description: 'Web link',
      search: true,
      column: true,
    }),
    field('hsId', 'string', 'CRM company ID', {
      labelPl: 'ID firmy w CRM',
      permission: COMPANY,
      search: true,
      column: 'optional',
    }),
    field('hsName', 'string', 'CRM company', {
      labelPl: 'Firma w CRM',
      descriptionPl: 'Nazwa firmy w CRM',
      description: 'CRM company name',
      permission: COMPANY,
      search: true,
      column: true,
    }),
    field('companyOwner', 'string', 'Company owner', {
      labelPl: 'Opiekun firmy',
      permission: COMPANY,
      search: true,
      column: true,
    }),
    field('companyState', 'string', 'Company state', {
      labelPl: 'Stan firmy',
      descriptionPl: 'Stan firmy (INACTIVE lub inny)',
      description: 'Company state (INACTIVE or other)',
      permission: COMPANY,
      column: 'optional',
    }),
    field('endOfDeal', 'date', 'End of deal', {
      labelPl: 'Koniec umowy',
      descriptionPl: 'Data końca umowy',
      description: 'End of the deal',
      permission: COMPANY,
      column: true,
    }),
    field('customSla', 'boolean', 'Custom SLA', { labelPl: 'Indywidualne SLA', column: 'optional' }),
    field('activeSubscriptions', 'integer', 'Active subscriptions', { labelPl: 'Aktywne subskrypcje', column: true }),
    field('currentInstallations', 'integer', 'Installations', {
      labelPl: 'Instalacje',
      descriptionPl: 'Liczba bieżących instalacji',
      description: 'Number of current installations',
      column: true,
    }),
    field('createdAt', 'datetime', 'Added at', {
      labelPl: 'Dodano',
      descriptionPl: 'Kiedy dodano kontrahenta',
      description: 'When the contractor was added',
      column: 'optional',
    }),
    field('tags', 'json', 'Tags', {
      labelPl: 'Tagi',
      descriptionPl: 'Wartości tagów według ID tagu',
      description: 'Tag values by tag id',
      query: false,
      sortable: false,
      column: true,
      csv: false,
    }),
    actionsField(),
  ],
});
