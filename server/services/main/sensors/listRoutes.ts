/** GET /sensors: the sensors list (query language, paging, sorting, gated fields). */
import type { ServiceRoutes } from '../../../http/service';
import { listEndpoint } from '../../../lists/endpoint';
import { MAX_LIST_LIMIT } from '../../../lists/params';
import { sensorList } from './repository';
import { sensorRow } from './schemas';

export const sensorListRoutes: ServiceRoutes = (app, { db }) => {
  listEndpoint(app, db, sensorList, {
    path: '/sensors',
    summary: 'Sensors, paged, sorted and filtered by a query',
    maxLimit: MAX_LIST_LIMIT,
    row: sensorRow,
  });
};
