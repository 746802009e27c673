/**
 * Gen3 firmware screens' calls (document 2, section 7, Gen3 updater): versions (rows keyed by
 * version, create, one), a version's binaries (paged, active ones, upload as multipart `data`,
 * activate, deactivate by module) and deployment create (one sensor, one version).
 */
import type { DataProvider } from 'react-admin';
import type { EntityDecl } from '../../common/entities';
import { client } from './http';
import type { Gen3Binary, Gen3Methods, Gen3Version } from './types';

type Adapter = (def: EntityDecl, generic: DataProvider) => Partial<DataProvider & Gen3Methods>;

const enc = (v: string) => encodeURIComponent(v);
/** The updater's largest page of versions: the deployment form offers them all. */
const ALL_VERSIONS_LIMIT = 1000;

/** Gen3 versions and their binaries: the version number is the row's id. */
export const gen3VersionsAdapter: Adapter = (def, generic) => {
  const gen3 = client(def.service);
  return {
    async getList(resource, params) {
      const res = await generic.getList(resource, params);
      return { ...res, data: res.data.map((v: Gen3Version) => ({ ...v, id: v.version })) as never[] };
    },
    async getAllGen3Versions(_resource, { signal }) {
      const body = await gen3.request<{ data: Gen3Version[] }>('/versions', {
        query: { page: 1, limit: ALL_VERSIONS_LIMIT },
        signal,
      });
      return body.data;
    },
    /** One version (its number is the id); 404 is the screen's own answer, not a banner. */
    async getOne(_resource, { id, signal }) {
      const body = await gen3.request<{ data: Gen3Version }>(`/versions/${enc(String(id))}`, {
        signal,
        ignoreStatuses: [404],
      });
      return { data: { ...body.data, id: body.data.version } as never };
    },
    /** `data`: the version number and an optional description. */
    async create(_resource, { data }) {
      const { version, description } = data as { version: string; description?: string };
      const body = await gen3.request<{ data: Gen3Version }>('/versions', {
        method: 'POST',
        body: { version, ...(description ? { description } : {}) },
      });
      return { data: { ...body.data, id: body.data.version } as never };
    },
    async getGen3Binaries(_resource, { version, page, limit, signal }) {
      const body = await gen3.request<{ data: Gen3Binary[]; totalCount: number }>(
        `/binaries/versions/${enc(version)}`,
        { query: { page, limit }, signal, ignoreStatuses: [404] },
      );
      return { data: body.data, total: body.totalCount };
    },
    async getGen3ActiveBinaries(_resource, { version, signal }) {
      const body = await gen3.request<{ data: Gen3Binary[] }>(`/binaries/versions/${enc(version)}/active`, {
        signal,
        ignoreStatuses: [404],
      });
      return body.data;
    },
    async uploadGen3Binary(_resource, { version, module, description, file }) {
      const form = new FormData();
      form.append('data', file, file.name);
      return gen3.request<{ id: string }>('/binaries', {
        method: 'POST',
        query: { version, module, ...(description ? { description } : {}) },
        body: form,
      });
    },
    async activateGen3Binary(_resource, { id }) {
      const body = await gen3.request<{ data: Gen3Binary }>(`/binaries/${enc(id)}/activate`, { method: 'POST' });
      return body.data;
    },
    async deactivateGen3Binary(_resource, { version, module }) {
      const body = await gen3.request<{ data: Gen3Binary[] }>('/binaries/deactivate', {
        method: 'POST',
        body: { version, module },
      });
      return body.data;
    },
  };
};

/** Gen3 deployments: the list is generic; create sends an idempotency key per submit attempt. */
export const gen3DeploymentsAdapter: Adapter = (def) => {
  const gen3 = client(def.service);
  return {
    async createGen3Deployment(_resource, { version, sensorId, idempotencyKey }) {
      const body = await gen3.request<{ data: { id: number } }>('/deployments', {
        method: 'POST',
        body: { version, sensorId },
        idempotencyKey,
      });
      return body.data;
    },
  };
};
