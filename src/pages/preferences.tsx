/** Custom pages and list screens of the preferences area, mounted by App.tsx. */
import type { ComponentType } from 'react';
import type { PageRoute } from './pageRoutes';

export const PREFERENCES_PAGES: PageRoute[] = [];

/** List screens replacing a resource's default list, by resource name. */
export const PREFERENCES_LISTS: Record<string, ComponentType> = {};
