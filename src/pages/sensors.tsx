/** Custom pages of the sensors area, mounted by App.tsx. */
import type { PageRoute } from './pageRoutes';
import generateTokens from './generateTokens';
import history from './history';
import sensorStatus from './sensorStatus';
import reinstall from './reinstall';

export const SENSORS_PAGES: PageRoute[] = [generateTokens, sensorStatus, ...history, reinstall];
