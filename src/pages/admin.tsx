/** Custom pages of the admin area, mounted by App.tsx (each loaded on demand). */
import type { PageRoute } from './pageRoutes';
import roles from './roles';

export const ADMIN_PAGES: PageRoute[] = [roles];
