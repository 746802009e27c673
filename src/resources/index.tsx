/**
 * Every console resource: one per entity declaration (common/entities), with its own screens where
 * a folder here provides them (`<name>/index.ts` exports a ConsoleResource) and the generic list
 * built from the declaration otherwise. App.tsx maps this one array to <Resource>s.
 */
import type { ComponentType } from 'react';
import { useTranslate } from 'react-admin';
import { ENTITIES, entityNameKey, type EntityDecl } from '../../common/entities';
import { lazyNamed } from '../pages/pageRoutes';
import type { ConsoleResource } from './resource';
import sensors from './sensors';
import tags from './tags';
import users from './users';
import installations from './installations';
import contractors from './contractors';
import installationRequests from './installationRequests';
import firmware from './firmware';
import apiUsers from './apiUsers';
import adpUsers from './adpUsers';

/** The generic list, loaded with the first list that uses it. */
const ResourceList = lazyNamed(() => import('./ResourceList'), 'ResourceList');
/** The generic create, edit and show screens (./ResourceForm.tsx), loaded with the first one used. */
const ResourceCreate = lazyNamed(() => import('./ResourceForm'), 'ResourceCreate');
const ResourceEdit = lazyNamed(() => import('./ResourceForm'), 'ResourceEdit');
const ResourceShow = lazyNamed(() => import('./ResourceForm'), 'ResourceShow');

/** Resources with screens of their own. */
const CUSTOM: readonly ConsoleResource[] = [
  installations,
  sensors,
  users,
  contractors,
  ...tags,
  installationRequests,
  ...firmware,
  apiUsers,
  adpUsers,
];

function genericList(entity: EntityDecl) {
  const ListView = () => {
    const translate = useTranslate();
    return <ResourceList entity={entity} title={translate(entityNameKey(entity))} />;
  };
  ListView.displayName = `List(${entity.name})`;
  return ListView;
}

/** A generic screen of the entity (create, edit or show). */
function genericScreen(entity: EntityDecl, Screen: ComponentType<{ entity: EntityDecl }>, kind: string) {
  const View = () => <Screen entity={entity} />;
  View.displayName = `${kind}(${entity.name})`;
  return View;
}

/**
 * The generic screens an entity gets where it has no screens of its own: create and edit with
 * `access.create` / `access.edit`, and show for a declaration-only entity (`storage`: its server
 * serves `GET <endpoint>/:id`).
 */
function genericScreens(entity: EntityDecl): Pick<ConsoleResource, 'create' | 'edit' | 'show'> {
  return {
    ...(entity.access.create ? { create: genericScreen(entity, ResourceCreate, 'Create') } : {}),
    ...(entity.access.edit ? { edit: genericScreen(entity, ResourceEdit, 'Edit') } : {}),
    // Records the console can read one by one: declared tables, and the resources added by configuration.
    ...(entity.storage || entity.service === 'resources' ? { show: genericScreen(entity, ResourceShow, 'Show') } : {}),
  };
}

export const CONSOLE_RESOURCES: readonly ConsoleResource[] = ENTITIES.map(
  (entity) =>
    CUSTOM.find((r) => r.entity === entity) ?? { entity, list: genericList(entity), ...genericScreens(entity) },
);
