/** Custom pages and list screens of the admin area, mounted by App.tsx. */
import type { ComponentType } from 'react';
import type { PageRoute } from './pageRoutes';
import roles from './roles';
import users from '../resources/users';

export const ADMIN_PAGES: PageRoute[] = [roles];

/** List screens replacing a resource's default list, by resource name. */
export const ADMIN_LISTS: Record<string, ComponentType> = { users: users.list };
