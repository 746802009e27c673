/** Custom pages and list screens of the sensors area, mounted by App.tsx. */
import type { ComponentType } from 'react';
import type { PageRoute } from './pageRoutes';
import generateTokens from './generateTokens';
import history from './history';
import sensorStatus from './sensorStatus';
import sensors from '../resources/sensors';
import tags from '../resources/tags';

export const SENSORS_PAGES: PageRoute[] = [generateTokens, sensorStatus, ...history];

/** List screens replacing a resource's default list, by resource name. */
export const SENSORS_LISTS: Record<string, ComponentType> = { sensors: sensors.list, ...tags };
