/** Per-resource adapters where a service's calls differ from the generic REST shape. */
import type { DataProvider, Identifier } from 'react-admin';
import type { ResourceDefinition } from '../resources/definitions';
import { SENSOR_METHODS } from '../resources/sensors/sensorsApi';
import type { FactorSet, Sensor, SensorOrder, UpdaterSensor } from '../resources/sensors/types';
import type { Tag, TagValue } from '../resources/tags/types';
import { client } from './http';

type Adapter = (def: ResourceDefinition, generic: DataProvider) => Partial<DataProvider>;

const path = (...parts: (string | number | Identifier)[]) =>
  parts.map((p) => `/${encodeURIComponent(String(p))}`).join('');

/**
 * Sensors: the list and one sensor are generic; the rest are custom methods (see
 * src/resources/sensors/sensorsApi.ts). Restart, idle and the updater's status go to the GSM updater.
 */
const sensorsAdapter: Adapter = (def) => {
  const main = client(def.service);
  const gsm = client('gsm');
  const csv = { Accept: 'text/csv' };
  return {
    async [SENSOR_METHODS.changeStatus](_resource: string, { id, status }: { id: Identifier; status: string }) {
      const body = await main.request<{ data: { sensor: Sensor } }>(`${path('sensors', id)}/status`, {
        method: 'PATCH',
        body: { status },
      });
      return body.data.sensor;
    },
    async [SENSOR_METHODS.updateTag](
      _resource: string,
      { id, tagId, value }: { id: Identifier; tagId: number; value: TagValue },
    ) {
      const body = await main.request<{ data: { tagId: number; value: TagValue } }>(
        `${path('sensors', id, 'tags', tagId)}`,
        {
          method: 'PATCH',
          body: { value },
        },
      );
      return body.data;
    },
    async [SENSOR_METHODS.updateFactors](
      _resource: string,
      { id, param, factors }: { id: Identifier; param: string; factors: FactorSet | null },
    ) {
      const body = await main.request<{ data: { param: string; factors: FactorSet | null } }>(
        `${path('sensors', id, 'factors', param)}`,
        {
          method: 'PATCH',
          body: factors ?? { A: null, B: null, C: null },
        },
      );
      return body.data;
    },
    async [SENSOR_METHODS.retire](_resource: string, { id }: { id: Identifier }) {
      const body = await main.request<{ data: { sensor: Sensor } }>(path('sensors', id), { method: 'DELETE' });
      return body.data.sensor;
    },
    [SENSOR_METHODS.exportCsv](_resource: string, query: { query?: string; sortBy?: string; order?: string }) {
      return main.request<Response>('/sensors/export', { query, headers: csv, raw: true });
    },
    [SENSOR_METHODS.order](_resource: string, order: SensorOrder, options?: { idempotencyKey?: string }) {
      return main.request<Response>('/sensors', { method: 'POST', body: order, headers: csv, raw: true, ...options });
    },
    async [SENSOR_METHODS.updaterStatus](_resource: string, { id, signal }: { id: Identifier; signal?: AbortSignal }) {
      // 404 (a sensor the updater does not know) is shown by the screen itself.
      const body = await gsm.request<{ data: UpdaterSensor }>(path('sensors', id), {
        signal,
        ignoreStatuses: [404],
        skipLoading: true,
      });
      return body.data;
    },
    async [SENSOR_METHODS.restart](_resource: string, { id }: { id: Identifier }) {
      return (
        await gsm.request<{ data: { id: number; status: string } }>(`${path('sensors', id)}/restart`, {
          method: 'POST',
        })
      ).data;
    },
    async [SENSOR_METHODS.idle](_resource: string, { id }: { id: Identifier }) {
      return (
        await gsm.request<{ data: { id: number; status: string } }>(`${path('sensors', id)}/idle`, { method: 'POST' })
      ).data;
    },
  };
};

/**
 * Tags of a context: every tag including META (`includeMeta=true`); create and update send only
 * name, type and (for ENUM) values. A refusal (400, 409) is shown in the dialog, not in the banner.
 */
const tagsAdapter: Adapter = (def, generic) => {
  const api = client(def.service);
  const body = (data: Partial<Tag>) => ({
    name: data.name,
    type: data.type,
    ...(data.type === 'ENUM' ? { values: data.values ?? [] } : {}),
  });
  const idOf = (res: unknown): Identifier | undefined => {
    const r = res as { id?: Identifier; data?: { id?: Identifier } } | undefined;
    return r?.id ?? r?.data?.id;
  };
  return {
    getList: (resource, params) =>
      generic.getList(resource, { ...params, filter: { ...params.filter, includeMeta: true } }),
    async create(_resource, params) {
      const res = await api.request(def.endpoint, {
        method: 'POST',
        body: body(params.data),
        ignoreStatuses: [400, 409],
      });
      return { data: { ...params.data, id: idOf(res) } as never };
    },
    async update(_resource, params) {
      await api.request(`${def.endpoint}${path(params.id)}`, {
        method: 'PATCH',
        body: body(params.data),
        ignoreStatuses: [400, 409],
      });
      return { data: { ...params.data, id: params.id } as never };
    },
  };
};

export const ADAPTERS: Record<string, Adapter> = {
  sensors: sensorsAdapter,
  'sensors/tags': tagsAdapter,
  'installations/tags': tagsAdapter,
  'contractors/tags': tagsAdapter,
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
