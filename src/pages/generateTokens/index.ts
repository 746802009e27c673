import { lazyNamed } from '../pageRoutes';

export default {
  path: '/sensors/create',
  component: lazyNamed(() => import('./GenerateTokensPage'), 'GenerateTokensPage'),
};
