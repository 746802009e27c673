import { contractor } from '../../../common/entities';
import { lazyNamed } from '../../pages/pageRoutes';
import type { ConsoleResource } from '../resource';

export default {
  entity: contractor,
  list: lazyNamed(() => import('./ContractorList'), 'ContractorList'),
  create: lazyNamed(() => import('./ContractorCreate'), 'ContractorCreate'),
} satisfies ConsoleResource;
