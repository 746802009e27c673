/** Per-resource adapters where a service's calls differ from the generic REST shape. */
import type { DataProvider, Identifier } from 'react-admin';
import type { EntityDecl } from '../../common/entities';
import { REQUEST_LIST_QUERY } from '../../common/requests';
import { listParams, listResult } from './index';
import { apiUsersAdapter } from './apiUsers';
import { adpUsersAdapter } from './adpUsers';
import { client } from './http';
import { gsmDeploymentsAdapter, gsmVersionsAdapter } from './firmware';
import { rolloutAdapter } from './rollouts';
import { gen3DeploymentsAdapter, gen3VersionsAdapter } from './gen3';
import { wifiDeploymentsAdapter } from './wifi';
import type {
  AppDataProvider,
  Contractor,
  ContractorMethods,
  ContractorUpdateMeta,
  FactorSet,
  InstallationMethods,
  InstallationUpdateMeta,
  InstallationRequestMethods,
  InstallationRequestUpdateMeta,
  PageMethods,
  Place,
  Sensor,
  SensorMethods,
  SensorUpdateMeta,
  Tag,
  TagValue,
  UpdaterSensor,
} from './types';

type Adapter = (def: EntityDecl, generic: DataProvider) => Partial<AppDataProvider>;

const path = (...parts: (string | number | Identifier)[]) =>
  parts.map((p) => `/${encodeURIComponent(String(p))}`).join('');

/**
 * Sensors: the list and one sensor are generic; the rest are typed custom methods
 * (src/dataProviders/types.ts). Restart, idle and the updater's status go to the GSM updater.
 */
const sensorsAdapter: Adapter = (def) => {
  const main = client(def.service);
  const gsm = client('gsm');
  const csv = { Accept: 'text/csv' };
  /** The sensor's `info` as the server answers a status change or retirement, over the cached one. */
  const withInfo = (id: Identifier, previous: Partial<Sensor> | undefined, sensor: Sensor) => ({
    id,
    info: { ...previous?.info, ...sensor.info },
  });
  const methods: SensorMethods & Pick<DataProvider, 'update'> = {
    /**
     * One part of a sensor per call, named by `meta.action` (SensorUpdateMeta); each resolves to the
     * changed part of the record (merged into react-admin's cache by useUpdate).
     */
    async update(_resource, params) {
      const { id } = params;
      const meta = params.meta as SensorUpdateMeta | undefined;
      const data = params.data as Partial<Sensor>;
      switch (meta?.action) {
        case 'status': {
          const body = await main.request<{ data: { sensor: Sensor } }>(`${path('sensors', id)}/status`, {
            method: 'PATCH',
            body: { status: data.info?.status },
          });
          return { data: withInfo(id, params.previousData, body.data.sensor) as never };
        }
        case 'retire': {
          const body = await main.request<{ data: { sensor: Sensor } }>(path('sensors', id), { method: 'DELETE' });
          return { data: withInfo(id, params.previousData, body.data.sensor) as never };
        }
        case 'tag': {
          const tags = data.tags ?? {};
          const body = await main.request<{ data: { tagId: number; value: TagValue } }>(
            path('sensors', id, 'tags', meta.tagId),
            { method: 'PATCH', body: { value: tags[String(meta.tagId)] ?? null } },
          );
          return { data: { id, tags: { ...tags, [String(meta.tagId)]: body.data.value } } as never };
        }
        case 'factors': {
          const sensorParams = data.params ?? { factors: {} };
          const body = await main.request<{ data: { param: string; factors: FactorSet | null } }>(
            path('sensors', id, 'factors', meta.param),
            { method: 'PATCH', body: sensorParams.factors[meta.param] ?? { A: null, B: null, C: null } },
          );
          const factors = { ...sensorParams.factors };
          const stored = body.data.factors;
          if (stored && stored.A !== null) factors[meta.param] = stored;
          else delete factors[meta.param];
          return { data: { id, params: { ...sensorParams, factors } } as never };
        }
        default:
          throw new Error('A sensor is changed one part at a time: meta.action names the part');
      }
    },
    exportSensors(_resource, query) {
      return main.request<Response>('/sensors/export', { query, headers: csv, raw: true });
    },
    orderSensors(_resource, { order, idempotencyKey }) {
      return main.request<Response>('/sensors', {
        method: 'POST',
        body: order,
        headers: csv,
        raw: true,
        idempotencyKey,
      });
    },
    async getSensorUpdaterStatus(_resource, { id, signal }) {
      const body = await gsm.request<{ data: UpdaterSensor }>(path('sensors', id), {
        signal,
        ignoreStatuses: [404],
        skipLoading: true,
      });
      return body.data;
    },
    async restartSensor(_resource, { id }) {
      return (
        await gsm.request<{ data: { id: number; status: string } }>(`${path('sensors', id)}/restart`, {
          method: 'POST',
        })
      ).data;
    },
    async idleSensor(_resource, { id }) {
      return (
        await gsm.request<{ data: { id: number; status: string } }>(`${path('sensors', id)}/idle`, { method: 'POST' })
      ).data;
    },
  };
  return methods;
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

/**
 * Installations: the list is generic; the inline editors, suspension, export, live-update
 * subscriptions, places and sensor activity are typed custom methods. Live-update calls skip the
 * loading bar and, like the spec says, their failures are only logged by the caller (no banner).
 */
const installationsAdapter: Adapter = (def) => {
  const main = client(def.service);
  const one = (id: Identifier, ...rest: (string | number)[]) => path('installations', id, ...rest);
  const quiet = { skipLoading: true, ignoreStatuses: [400, 401, 403, 404, 409, 422, 500, 502, 503] } as const;
  /** The PATCH of one part of an installation; resolves to what the server answers under `data`. */
  const patch = async <T>(url: string, body: unknown) =>
    (await main.request<{ data: T }>(url, { method: 'PATCH', body })).data;
  /**
   * `meta.action` names the part (InstallationUpdateMeta); `data` holds the row's fields of that part
   * and `previousData.installationId` the business number the paths use. Resolves to the row's
   * changed fields (merged into react-admin's cache by useUpdate).
   */
  const change = async (
    number: Identifier,
    meta: InstallationUpdateMeta | undefined,
    data: Record<string, unknown>,
  ): Promise<Record<string, unknown>> => {
    switch (meta?.action) {
      case 'visibility':
        return {
          isVisible: (await patch<{ isVisible: boolean }>(one(number, 'visibility'), { visible: data.isVisible }))
            .isVisible,
        };
      case 'text': {
        const saved = await patch<Record<string, string | null>>(`${one(number)}/${meta.path}`, {
          value: data[meta.field] ?? null,
        });
        return { [meta.field]: (meta.path === 'visibleBy' ? saved.visibleBy : saved.value) ?? null };
      }
      case 'address': {
        const saved = await patch<{ location: { address: Record<string, string | null> } }>(one(number, 'address'), {
          [meta.part]: data[`${meta.part}Id`],
        });
        return saved.location.address;
      }
      case 'altAddress': {
        const saved = await patch<{ altAddress1: string | null; altAddress2: string | null }>(
          one(number, 'altaddress'),
          { altAddress1: data.alternativeAddress1 ?? null, altAddress2: data.alternativeAddress2 ?? null },
        );
        return { alternativeAddress1: saved.altAddress1, alternativeAddress2: saved.altAddress2 };
      }
      case 'tag': {
        const field = `tag_${meta.tagId}`;
        const saved = await patch<{ tagId: number; value: TagValue }>(one(number, 'tags', meta.tagId), {
          value: data[field] ?? null,
        });
        return { [field]: saved.value };
      }
      case 'factors': {
        const field = `${meta.param}Factors`;
        const set = data[field] as FactorSet | null | undefined;
        const saved = await patch<{ param: string; factors: FactorSet | null }>(
          one(number, 'factors', meta.param),
          set ?? { A: null, B: null, C: null },
        );
        return { [field]: saved.factors };
      }
      case 'suspend':
      case 'unsuspend': {
        const body = await main.request<{ data: Record<string, { suspended: boolean; suspendedFrom: string | null }> }>(
          one(number, meta.action),
          { method: 'POST', body: meta.change },
        );
        const fields: Record<string, unknown> = {};
        for (const [param, state] of Object.entries(body.data)) {
          fields[`${param}Suspended`] = state.suspended;
          fields[`${param}SuspendedFrom`] = state.suspendedFrom;
        }
        return fields;
      }
      default:
        throw new Error('An installation is changed one part at a time: meta.action names the part');
    }
  };
  const methods: InstallationMethods & Pick<DataProvider, 'update'> = {
    async update(_resource, params) {
      const previous = params.previousData as { installationId?: Identifier } | undefined;
      const number = previous?.installationId;
      if (number === undefined) throw new Error('An installation update needs previousData with its installationId');
      const fields = await change(
        number,
        params.meta as InstallationUpdateMeta,
        params.data as Record<string, unknown>,
      );
      return { data: { ...fields, id: params.id } as never };
    },
    exportInstallations(_resource, { columns, ...query }) {
      return main.request<Response>('/installations/export', {
        query: { ...query, columns: columns?.join(',') },
        headers: { Accept: 'text/csv' },
        raw: true,
      });
    },
    async followInstallations(_resource, { socketId, ids }) {
      await main.request(path('pusher', 'subscribe', socketId), { method: 'POST', body: ids, ...quiet });
    },
    async unfollowInstallations(_resource, { socketId }) {
      await main.request(path('pusher', 'unsubscribe', socketId), { method: 'POST', ...quiet });
    },
    authorizeChannel(_resource, { socketId, channel }) {
      return main.request<{ auth: string; channel_data?: string }>('/realtime/auth', {
        method: 'POST',
        body: { socket_id: socketId, channel_name: channel },
        ...quiet,
      });
    },
    async searchPlaces(_resource, { kind, parentId, search, signal }) {
      const body = await main.request<{ data: { places: Place[] } }>('/places', {
        query: { kind, parentId, search, limit: 50 },
        signal,
        skipLoading: true,
      });
      return body.data.places;
    },
    async getInstallationPoints(_resource, { query, signal }) {
      const body = await main.request<{ data: Awaited<ReturnType<InstallationMethods['getInstallationPoints']>> }>(
        '/installations/points',
        { query: { query }, signal },
      );
      return body.data;
    },
  };
  return methods;
};

/**
 * Contractors: the list is generic; adding one is multipart (`file`, or `logo` naming a default
 * logo), editing, the logo, tag values, default logos, the CRM lookup and the export are typed
 * custom methods. The CRM lookup's 404 (no such company) and 503 (CRM down) are answers, not banners.
 */
const contractorsAdapter: Adapter = (def) => {
  const main = client(def.service);
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());
  const methods: ContractorMethods & Pick<DataProvider, 'create' | 'update'> = {
    async create(_resource, params) {
      const data = params.data as Record<string, unknown>;
      const form = new FormData();
      for (const key of ['name', 'type', 'link', 'hsId', 'hsName'])
        if (text(data[key]) !== '') form.append(key, text(data[key]));
      if (data.file instanceof File) form.append('file', data.file, data.file.name);
      else if (text(data.logo) !== '') form.append('logo', text(data.logo));
      const body = await main.request<{ data: { contractor: Contractor } }>(def.endpoint, {
        method: 'POST',
        body: form,
      });
      return { data: body.data.contractor as never };
    },
    /**
     * `meta.action` picks the sub-path: none — `PATCH /contractors/{id}` (ContractorInput); `'logo'` —
     * `PATCH /contractors/{id}/logo` (multipart `data.file`); `'tag'` — `PATCH /contractors/{id}/tags/{meta.tagId}`
     * (the value in `data.tags`). Each resolves to what changed, merged into react-admin's cached record.
     */
    async update(_resource, params) {
      const { id } = params;
      const meta = params.meta as ContractorUpdateMeta | undefined;
      if (meta?.action === 'logo') {
        const file = (params.data as { file: File }).file;
        const form = new FormData();
        form.append('file', file, file.name);
        const body = await main.request<{ data: { logo: string } }>(`${path('contractors', id)}/logo`, {
          method: 'PATCH',
          body: form,
        });
        return { data: { id, logo: body.data.logo } as never };
      }
      if (meta?.action === 'tag') {
        const tags = (params.data as Pick<Contractor, 'tags'>).tags;
        const body = await main.request<{ data: { tagId: number; value: TagValue } }>(
          path('contractors', id, 'tags', meta.tagId),
          { method: 'PATCH', body: { value: tags[String(meta.tagId)] ?? null } },
        );
        return { data: { id, tags: { ...tags, [String(body.data.tagId)]: body.data.value } } as never };
      }
      const body = await main.request<{ data: { contractor: Contractor } }>(path('contractors', id), {
        method: 'PATCH',
        body: params.data,
      });
      return { data: body.data.contractor as never };
    },
    async getDefaultLogos(_resource, { signal }) {
      const body = await main.request<{ data: { logos: { name: string; url: string }[] } }>(
        '/contractors/default-logos',
        { signal },
      );
      return body.data.logos;
    },
    async lookupCrmCompany(_resource, { hsId, signal }) {
      try {
        const body = await main.request<{ data: { name: string } }>(`${path('hubspot', 'contractors', hsId)}/name`, {
          signal,
          skipLoading: true,
          ignoreStatuses: [400, 404, 502, 503],
        });
        return body.data.name;
      } catch (error) {
        if (signal?.aborted) throw error;
        return null;
      }
    },
    exportContractors(_resource, query) {
      return main.request<Response>('/contractors/export', { query, headers: { Accept: 'text/csv' }, raw: true });
    },
  };
  return methods as Partial<AppDataProvider>;
};

/**
 * Installation requests: the list asks for one side of the active/archived switch (`filter.archived`)
 * unless a search is applied; the open-request count for the menu badge is polled silently (no
 * loading bar, no banner); the single request's state, notes (plain text) and images.
 */
const installationRequestsAdapter: Adapter = (def) =>
  ({
    async getList(_resource, params) {
      const { archived, ...filter } = (params.filter ?? {}) as { archived?: boolean | string };
      const query = listParams(def, { ...params, filter });
      const body = await client(def.service).request<unknown>(def.endpoint, {
        query: {
          ...query,
          query: query.query ?? REQUEST_LIST_QUERY[archived === true || archived === 'true' ? 'archived' : 'active'],
        },
        signal: params.signal,
      });
      return listResult(def, body) as never;
    },
    async getOne(_resource, params) {
      // A missing request is the screen's own answer, not a banner.
      const body = await client(def.service).request<{ data: { request: { id: number } } }>(
        `/installations/requests${path(params.id)}`,
        { signal: params.signal, ignoreStatuses: [404] },
      );
      return { data: body.data.request as never };
    },
    /**
     * `meta.action` `'state'`: `PATCH …/{id}/state` with `data.state` (HOLD or REJECTED; 422 when the
     * state machine forbids it); `'notes'`: `PATCH …/{id}/notes` with `data.staffNotes` as plain text
     * (empty clears them). Each resolves to the changed fields.
     */
    async update(_resource, params) {
      const { id } = params;
      const meta = params.meta as InstallationRequestUpdateMeta | undefined;
      const data = params.data as { state?: string; staffNotes?: string | null };
      const api = client(def.service);
      if (meta?.action === 'state') {
        const body = await api.request<{ data: { id: number; state: string } }>(
          `/installations/requests${path(id, 'state')}`,
          { method: 'PATCH', body: { state: data.state } },
        );
        return { data: body.data as never };
      }
      if (meta?.action === 'notes') {
        const body = await api.request<{ data: { id: number; staffNotes: string | null } }>(
          `/installations/requests${path(id, 'notes')}`,
          {
            method: 'PATCH',
            body: data.staffNotes ?? '',
            headers: { 'Content-Type': 'text/plain; charset=utf-8' },
          },
        );
        return { data: body.data as never };
      }
      throw new Error('An installation request is changed one part at a time: meta.action names the part');
    },
    async addRequestImage(_resource, { id, file, location }) {
      const form = new FormData();
      if (location) form.append('location', location);
      form.append('file', file, file.name);
      return client(def.service).request<{ imageUrl: string }>(`/installations/requests${path(id, 'images')}`, {
        method: 'POST',
        body: form,
      });
    },
    async countOpenRequests(_resource, { signal }) {
      const body = await client(def.service).request<{ count: number }>('/installations/requests/open/count', {
        signal,
        skipLoading: true,
        ignoreStatuses: [400, 401, 403, 404, 500, 502, 503],
      });
      return body.count;
    },
  }) satisfies Pick<PageMethods, 'countOpenRequests'> &
    InstallationRequestMethods &
    Pick<DataProvider, 'getList' | 'getOne' | 'update'>;

export const ADAPTERS: Record<string, Adapter> = {
  'deployments/gsm/versions': gsmVersionsAdapter,
  'deployments/gsm': (def, generic) => ({ ...gsmDeploymentsAdapter(def, generic), ...rolloutAdapter(def) }),
  'deployments/gen3/versions': gen3VersionsAdapter,
  'deployments/gen3': gen3DeploymentsAdapter,
  'deployments/wifi': (def, generic) => ({ ...wifiDeploymentsAdapter(def, generic), ...rolloutAdapter(def) }),
  sensors: sensorsAdapter,
  installations: installationsAdapter,
  contractors: contractorsAdapter,
  'adp-users': (def) => adpUsersAdapter(def) as Partial<AppDataProvider>,
  'sensors/tags': tagsAdapter,
  'installations/tags': tagsAdapter,
  'contractors/tags': tagsAdapter,
  'installation-requests': installationRequestsAdapter,
  'api-users': apiUsersAdapter,
  users: (def) => ({
    async logoutUser(_resource: 'users', { id }: { id: Identifier }) {
      return client(def.service).request<{ invalidated: number }>(`/admin/users/${id}/logout`, { method: 'POST' });
    },
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
