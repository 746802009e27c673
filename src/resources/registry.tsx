/** react-admin resources from the definitions, each with its list screen. */
import type { ComponentType } from 'react';
import { useTranslate } from 'react-admin';
import { RESOURCES } from './definitions';
import { COLUMNS } from './columns';
import { ResourceList } from './ResourceList';
import { ROUTES } from './routes';
import { ADMIN_LISTS } from '../pages/admin';
import { PERSONAL_LISTS } from '../pages/personal';
import { SENSORS_LISTS } from '../pages/sensors';
import { PREFERENCES_LISTS } from '../pages/preferences';

export interface ResourceView {
  name: string;
  list: ComponentType;
}

function titleKey(resource: string): string {
  return ROUTES.find((r) => r.path === `/${resource}` && r.menu)?.menu?.label ?? resource;
}

function defaultList(name: string): ComponentType {
  const columns = COLUMNS[name] ?? COLUMNS[name.endsWith('/tags') ? 'tags' : ''] ?? [];
  const ListView = () => {
    const translate = useTranslate();
    return <ResourceList resource={name} columns={columns} title={translate(titleKey(name))} />;
  };
  ListView.displayName = `List(${name})`;
  return ListView;
}

/** Screens that replace the default list, by resource name. */
const CUSTOM_LISTS: Record<string, ComponentType> = { ...ADMIN_LISTS, ...PERSONAL_LISTS, ...SENSORS_LISTS, ...PREFERENCES_LISTS };

export const RESOURCE_VIEWS: ResourceView[] = RESOURCES.map((def) => ({
  name: def.name,
  list: CUSTOM_LISTS[def.name] ?? defaultList(def.name),
}));
