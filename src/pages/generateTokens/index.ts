import { GenerateTokensPage } from './GenerateTokensPage';

export default { path: '/sensors/create', component: GenerateTokensPage };
