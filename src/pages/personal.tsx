/** Custom pages and list screens of the personal area, mounted by App.tsx. */
import type { ComponentType } from 'react';
import type { PageRoute } from './pageRoutes';

export const PERSONAL_PAGES: PageRoute[] = [];

/** List screens replacing a resource's default list, by resource name. */
export const PERSONAL_LISTS: Record<string, ComponentType> = {};
