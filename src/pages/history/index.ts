import { lazyNamed } from '../pageRoutes';

const historyPage = () => import('./HistoryPage');

export default [
  { path: '/sensors/:id/history', component: lazyNamed(historyPage, 'SensorHistoryPage') },
  { path: '/installations/:id/history', component: lazyNamed(historyPage, 'InstallationHistoryPage') },
  { path: '/contractors/:id/history', component: lazyNamed(historyPage, 'ContractorHistoryPage') },
];
