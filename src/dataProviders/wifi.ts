/**
 * Wi-Fi firmware screens' calls (document 2, section 7, Wi-Fi updater): what a deployment can be
 * built from, create and halt, one deployment's sensors (GET /deployments/{id}), and a binary's
 * details, build log and file. The list and delete are react-admin's own.
 */
import type { DataProvider, Identifier } from 'react-admin';
import type { EntityDecl } from '../../common/entities';
import { client } from './http';
import type { DeploymentSensor, WifiBinary, WifiDeploymentOptions, WifiMethods } from './types';

type Adapter = (def: EntityDecl, generic: DataProvider) => Partial<DataProvider & WifiMethods>;

const enc = (v: Identifier) => encodeURIComponent(String(v));

export const wifiDeploymentsAdapter: Adapter = (def) => {
  const wifi = client(def.service);
  return {
    async getWifiDeploymentOptions(_resource, { signal }) {
      return wifi.request<WifiDeploymentOptions>('/deployments/create', { signal });
    },
    async createWifiDeployment(_resource, { payload, allowFailed, idempotencyKey }) {
      const body = await wifi.request<{ data: { deployment: { id: number } } }>('/deployments', {
        method: 'POST',
        query: { allowFailed },
        body: payload,
        idempotencyKey,
      });
      return body.data.deployment;
    },
    async haltWifiDeployment(_resource, { id }) {
      const body = await wifi.request<{ data: { id: number; status: string } }>(`/deployments/${enc(id)}/halt`, {
        method: 'POST',
      });
      return body.data;
    },
    async getWifiDeploymentSensors(_resource, { id, signal }) {
      const body = await wifi.request<{ data: { sensors: DeploymentSensor[] } }>(`/deployments/${enc(id)}`, {
        signal,
      });
      return body.data.sensors;
    },
    async getWifiBinary(_resource, { binary, signal }) {
      const body = await wifi.request<{ data: WifiBinary }>(`/binary/${enc(binary)}`, { signal });
      return body.data;
    },
    async getWifiBinaryLogs(_resource, { binary, signal }) {
      return wifi.request<string>(`/binary/${enc(binary)}/logs`, { signal });
    },
    async downloadWifiBinary(_resource, { binary }) {
      return wifi.request<Response>(`/binary/${enc(binary)}/content`, { raw: true });
    },
  };
};
