/**
 * Tags of the three contexts (spec document 1, tag screens): one declaration per context from one
 * factory, since they differ only in the context's name and permissions.
 */
import { TAG_TYPES, type TagContext } from '../domain';
import { tagAdminRule, tagContextViewRule, tagListRule } from '../tagPermissions';
import { defineEntity, field, type MenuIconName, actionsField } from './types';

const ROUTE = { installations: 'InstallationsTags', sensors: 'SensorsTags', contractors: 'ContractorsTags' } as const;
const LABEL = {
  installations: 'Installations Tags',
  sensors: 'Sensors Tags',
  contractors: 'Contractors Tags',
} as const;
const LABEL_PL = {
  installations: 'Tagi instalacji',
  sensors: 'Tagi czujników',
  contractors: 'Tagi kontrahentów',
} as const;
const ICON: Record<TagContext, MenuIconName> = { installations: 'localOffer', sensors: 'sell', contractors: 'style' };

function tagEntity<const C extends TagContext>(context: C) {
  return defineEntity({
    name: `${context}/tags`,
    label: LABEL[context],
    labelPl: LABEL_PL[context],
    service: 'main',
    endpoint: `/${context}/tags`,
    envelope: { rows: 'data.tags' },
    listQuery: 'plain',
    access: {
      list: tagListRule(context),
      create: tagAdminRule('add', context),
      edit: tagAdminRule('modify', context),
      delete: tagAdminRule('remove', context),
      viewAll: tagContextViewRule(context),
    },
    route: { name: ROUTE[context], menu: { group: 'Manage', icon: ICON[context] } },
    fields: [
      field('id', 'integer', 'ID', { labelPl: 'ID', column: true }),
      field('name', 'string', 'Name', { labelPl: 'Nazwa', column: true }),
      field('type', 'enum', 'Type', { labelPl: 'Typ', values: TAG_TYPES, column: true }),
      field('values', 'list', 'Values', { labelPl: 'Wartości', column: true, sortable: false }),
      actionsField(),
    ],
  });
}

export const installationTag = tagEntity('installations');
export const sensorTag = tagEntity('sensors');
export const contractorTag = tagEntity('contractors');
