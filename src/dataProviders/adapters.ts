/** Per-resource adapters where a service's calls differ from the generic REST shape. */
import type { DataProvider } from 'react-admin';
import type { ResourceDefinition } from '../resources/definitions';
import { client } from './http';

type Adapter = (def: ResourceDefinition, generic: DataProvider) => Partial<DataProvider>;

export const ADAPTERS: Record<string, Adapter> = {
  users: (def) => ({
    async getOne(_resource, params) {
      const { data } = await client(def.service).request<{ data: { data: { id: number }[] } }>(def.endpoint, {
        query: { showDisabled: true },
        signal: params.signal,
      });
      const user = data.data.find((u) => String(u.id) === String(params.id));
      if (!user) throw new Error(`User ${params.id} not found`);
      return { data: user as never };
    },
    async update(_resource, params) {
      const body: Record<string, unknown> = {};
      if (params.data.role !== params.previousData?.role) body.role = params.data.role;
      if (params.data.enabled !== params.previousData?.enabled) body.enabled = params.data.enabled;
      const data = await client(def.service).request(`/admin/users/${params.id}`, { method: 'PATCH', body });
      return { data: data as never };
    },
  }),
};
