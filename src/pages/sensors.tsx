/** Custom pages of the sensors and installations area, mounted by App.tsx. */
import type { PageRoute } from './pageRoutes';
import generateTokens from './generateTokens';
import history from './history';
import sensorStatus from './sensorStatus';
import reinstall from './reinstall';
import installationRequest from '../resources/installationRequests/page';

export const SENSORS_PAGES: PageRoute[] = [generateTokens, sensorStatus, ...history, reinstall, installationRequest];
