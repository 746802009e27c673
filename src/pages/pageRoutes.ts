/** A custom page mounted inside the layout at a route of src/resources/routes.ts. */
import type { ComponentType } from 'react';

export interface PageRoute {
  path: string;
  component: ComponentType;
}
