/**
 * Firmware screens' calls (document 2, section 7, GSM updater): versions (rows keyed by version,
 * create with two bank files, status), deployments (create, halt, sensors) and the updater's view of
 * the sensors a new deployment targets. Delete is react-admin's own (`DELETE /deployments/{id}`).
 */
import type { DataProvider, Identifier } from 'react-admin';
import type { EntityDecl } from '../../common/entities';
import { client } from './http';
import type { FirmwareMethods, GsmVersionInput, UpdaterSensor } from './types';

type Adapter = (def: EntityDecl, generic: DataProvider) => Partial<DataProvider & FirmwareMethods>;

const enc = (v: Identifier) => encodeURIComponent(String(v));
/** GET /sensors takes at most this many ids a call. */
const SENSOR_IDS_PER_CALL = 1000;

/** GSM versions: the version number is the row's id. */
export const gsmVersionsAdapter: Adapter = (def, generic) => {
  const gsm = client(def.service);
  return {
    async getList(resource, params) {
      const res = await generic.getList(resource, params);
      return { ...res, data: res.data.map((v: { version: string }) => ({ ...v, id: v.version })) as never[] };
    },
    async getAllGsmVersions(_resource, { signal }) {
      const body = await gsm.request<{ data: { version: string; status: string; description: string | null }[] }>(
        '/versions',
        { query: { page: 1, limit: 1000, sortBy: 'version', order: 'desc' }, signal },
      );
      return body.data;
    },
    /** `data`: the version number, an optional description and the two bank files (multipart). */
    async create(_resource, { data }) {
      const { version, description, bank0, bank1 } = data as GsmVersionInput;
      const form = new FormData();
      form.append('buildBankFirst', bank0, bank0.name);
      form.append('buildBankSecond', bank1, bank1.name);
      const body = await gsm.request<{ data: { version: { version: string } } }>('/versions', {
        method: 'POST',
        query: { version, ...(description ? { description } : {}) },
        body: form,
      });
      return { data: { ...body.data.version, id: body.data.version.version } as never };
    },
    /** The only change of a version: `data.status` (`PATCH /versions/{version}/status`). */
    async update(_resource, { id, data }) {
      const body = await gsm.request<{ data: { version: string; status: string } }>(`/versions/${enc(id)}/status`, {
        method: 'PATCH',
        body: { status: (data as { status: string }).status },
      });
      return { data: { ...body.data, id: body.data.version } as never };
    },
  };
};

export const gsmDeploymentsAdapter: Adapter = (def) => {
  const gsm = client(def.service);
  return {
    async createGsmDeployment(_resource, { payload, allowFailed, idempotencyKey }) {
      const body = await gsm.request<{ data: { deployment: { id: number } } }>('/deployments', {
        method: 'POST',
        query: { allowFailed },
        body: payload,
        idempotencyKey,
      });
      return body.data.deployment;
    },
    async haltGsmDeployment(_resource, { id }) {
      const body = await gsm.request<{ data: { id: number; status: string } }>(`/deployments/${enc(id)}/halt`, {
        method: 'POST',
      });
      return body.data;
    },
    async getGsmDeploymentSensors(_resource, { id, signal }) {
      const body = await gsm.request<{ data: Awaited<ReturnType<FirmwareMethods['getGsmDeploymentSensors']>> }>(
        `/deployments/${enc(id)}/sensors`,
        { signal },
      );
      return body.data;
    },
    async getGsmUpdaterSensors(_resource, { ids, signal }) {
      const out: UpdaterSensor[] = [];
      for (let i = 0; i < ids.length; i += SENSOR_IDS_PER_CALL) {
        const body = await gsm.request<{ data: UpdaterSensor[] }>('/sensors', {
          query: { ids: ids.slice(i, i + SENSOR_IDS_PER_CALL).join(',') },
          signal,
          skipLoading: true,
        });
        out.push(...body.data);
      }
      return out;
    },
  };
};
