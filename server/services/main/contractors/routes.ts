/**
 * GET /contractors: the contractors list (limit up to CONTRACTOR_FETCH_LIMIT for pickers); GET
 * /contractors/export: every matching contractor as CSV (contractors.csv), streamed.
 */
import { CONTRACTOR_FETCH_LIMIT } from '../../../../common/domain';
import type { ServiceRoutes } from '../../../http/service';
import { listEndpoint } from '../../../lists/endpoint';
import { contractorList } from './repository';

export const contractorRoutes: ServiceRoutes = (app, { db }) => {
  listEndpoint(app, db, contractorList, {
    path: '/contractors',
    summary: 'Contractors, paged, sorted and filtered by a query (limit up to 10000 for pickers)',
    maxLimit: CONTRACTOR_FETCH_LIMIT,
    export: { path: '/contractors/export', fileName: 'contractors.csv' },
  });
};
