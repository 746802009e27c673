import { InstallationHistoryPage, SensorHistoryPage } from './HistoryPage';

export default [
  { path: '/sensors/:id/history', component: SensorHistoryPage },
  { path: '/installations/:id/history', component: InstallationHistoryPage },
];
