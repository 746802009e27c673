/** Custom pages and list screens of the sensors area, mounted by App.tsx. */
import type { ComponentType } from 'react';
import type { PageRoute } from './pageRoutes';

export const SENSORS_PAGES: PageRoute[] = [];

/** List screens replacing a resource's default list, by resource name. */
export const SENSORS_LISTS: Record<string, ComponentType> = {};
